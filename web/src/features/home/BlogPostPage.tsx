import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { Link as RouterLink, useParams } from "react-router-dom";
import { PageContainer } from "../../components/PageContainer";
import { formatDate } from "../../lib/format";
import { POSTS } from "./blog";

/** /blog/:slug: one article of the home page's blog, or a short "not found". */
export function BlogPostPage() {
  const { slug } = useParams();
  const post = POSTS.find((p) => p.slug === slug);
  if (!post) {
    return (
      <PageContainer title="Article not found" maxWidth="md">
        <Button component={RouterLink} to="/#blog" variant="outlined">
          All articles
        </Button>
      </PageContainer>
    );
  }
  return (
    <PageContainer title={post.title} maxWidth="md">
      <Typography variant="body2" color="text.secondary" component="time" dateTime={post.date}>
        {formatDate(post.date)}
      </Typography>
      <Box
        component="img"
        src={post.image}
        alt=""
        width={640}
        height={360}
        sx={{ width: "100%", height: "auto", aspectRatio: "16 / 9", display: "block", borderRadius: 2, my: 2 }}
      />
      <Box component="article">
        {post.body.map((paragraph) => (
          <Typography key={paragraph} sx={{ mb: 2 }}>
            {paragraph}
          </Typography>
        ))}
      </Box>
      <Button component={RouterLink} to="/#blog" variant="outlined">
        All articles
      </Button>
    </PageContainer>
  );
}

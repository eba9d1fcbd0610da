import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useParams } from "react-router-dom";
import { PageContainer } from "../../components/PageContainer";
import { formatDate } from "../../lib/format";
import { POSTS, PARAGRAPHS } from "./blog";

/** /blog/:slug: one article of the home page's blog, or a short "not found". */
export function BlogPostPage() {
  const { t } = useTranslation("home");
  const { slug } = useParams();
  const post = POSTS.find((p) => p.slug === slug);
  if (!post) {
    return (
      <PageContainer title={t("blog.notFound")} maxWidth="md">
        <Button component={RouterLink} to="/#blog" variant="outlined">
          {t("blog.allArticles")}
        </Button>
      </PageContainer>
    );
  }
  return (
    <PageContainer title={t(`blog.posts.${post.key}.title`)} maxWidth="md">
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
        {PARAGRAPHS.map((paragraph) => (
          <Typography key={paragraph} sx={{ mb: 2 }}>
            {t(`blog.posts.${post.key}.${paragraph}`)}
          </Typography>
        ))}
      </Box>
      <Button component={RouterLink} to="/#blog" variant="outlined">
        {t("blog.allArticles")}
      </Button>
    </PageContainer>
  );
}

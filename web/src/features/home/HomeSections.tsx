import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardActionArea from "@mui/material/CardActionArea";
import CardContent from "@mui/material/CardContent";
import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import HeadsetMicOutlined from "@mui/icons-material/HeadsetMicOutlined";
import LockOutlined from "@mui/icons-material/LockOutlined";
import HandshakeOutlined from "@mui/icons-material/HandshakeOutlined";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router-dom";
import { formatDate } from "../../lib/format";
import { POSTS } from "./blog";

/** Each promise's title and text are `promises.<key>.title` and `.text` in the home catalogue. */
const PROMISES = [
  { icon: LockOutlined, key: "heldPayment" },
  { icon: HandshakeOutlined, key: "meetup" },
  { icon: HeadsetMicOutlined, key: "support" },
];

/** The banner: payments held until the buyer has the item, meeting on campus, customer support (only what the marketplace really offers, whatever the payment methods). */
export function PromiseBanner() {
  const { t } = useTranslation("home");
  return (
    <Container maxWidth="lg" component="section" aria-label={t("promises.label")} sx={{ py: { xs: 4, md: 6 } }}>
      <Box
        component="ul"
        sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "repeat(3, 1fr)" } }}
      >
        {PROMISES.map(({ icon: Icon, key }) => (
          <Box
            component="li"
            key={key}
            sx={{
              display: "flex",
              gap: 2,
              alignItems: "flex-start",
              p: 2.5,
              borderRadius: 2,
              bgcolor: "background.paper",
              border: 1,
              borderColor: "divider",
            }}
          >
            <Icon sx={{ fontSize: 36, color: "primary.main" }} aria-hidden="true" />
            <div>
              <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
                {t(`promises.${key}.title`)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t(`promises.${key}.text`)}
              </Typography>
            </div>
          </Box>
        ))}
      </Box>
    </Container>
  );
}

/** The four blog entries, each opening its article. */
export function BlogList() {
  const { t } = useTranslation("home");
  return (
    <Container
      maxWidth="lg"
      component="section"
      aria-labelledby="blog-heading"
      id="blog"
      // a link to /#blog stops it under the sticky top bar, not behind it
      sx={{ py: { xs: 4, md: 6 }, scrollMarginTop: 64 }}
    >
      <Typography id="blog-heading" variant="h4" component="h2" sx={{ mb: 3, fontSize: { xs: "1.5rem", md: "2rem" } }}>
        {t("blog.heading")}
      </Typography>
      <Box
        component="ul"
        sx={{
          listStyle: "none",
          p: 0,
          m: 0,
          display: "grid",
          gap: { xs: 2, md: 3 },
          gridTemplateColumns: { xs: "1fr", sm: "repeat(2, 1fr)", md: "repeat(4, 1fr)" },
        }}
      >
        {POSTS.map((post) => (
          <li key={post.slug}>
            <Card variant="outlined" component="article" sx={{ height: "100%" }}>
              <CardActionArea component={RouterLink} to={`/blog/${post.slug}`} sx={{ height: "100%", alignItems: "stretch" }}>
                <Box
                  component="img"
                  src={post.image}
                  alt=""
                  loading="lazy"
                  width={320}
                  height={180}
                  sx={{ width: "100%", height: "auto", aspectRatio: "16 / 9", display: "block" }}
                />
                <CardContent>
                  <Typography variant="body2" color="text.secondary" component="time" dateTime={post.date}>
                    {formatDate(post.date)}
                  </Typography>
                  <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, lineHeight: 1.3, mt: 0.5 }}>
                    {t(`blog.posts.${post.key}.title`)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                    {t(`blog.posts.${post.key}.text`)}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </li>
        ))}
      </Box>
    </Container>
  );
}

import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import HeadsetMicOutlined from "@mui/icons-material/HeadsetMicOutlined";
import LocalShippingOutlined from "@mui/icons-material/LocalShippingOutlined";
import PaymentsOutlined from "@mui/icons-material/PaymentsOutlined";
import { formatDate } from "../../lib/format";

const PROMISES = [
  { icon: LocalShippingOutlined, title: "Free delivery", text: "Free delivery to your hostel or department on every order." },
  { icon: PaymentsOutlined, title: "Money-back guarantee", text: "Not as described? Get your money back within 7 days." },
  { icon: HeadsetMicOutlined, title: "Customer support", text: "Real people answer, Monday to Saturday, 9:00 to 18:00." },
];

/** The banner: free delivery, money-back guarantee, customer support. */
export function PromiseBanner() {
  return (
    <Container maxWidth="lg" component="section" aria-label="Why UniBazaar" sx={{ py: { xs: 4, md: 6 } }}>
      <Box
        component="ul"
        sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "repeat(3, 1fr)" } }}
      >
        {PROMISES.map(({ icon: Icon, title, text }) => (
          <Box
            component="li"
            key={title}
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
                {title}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {text}
              </Typography>
            </div>
          </Box>
        ))}
      </Box>
    </Container>
  );
}

const POSTS = [
  {
    image: "/images/blog-exam-prep.svg",
    date: "2026-10-02",
    title: "10 things every first-year engineering student needs",
    text: "From a reliable scientific calculator to the right drawing set: a checklist that saves money in the first semester.",
  },
  {
    image: "/images/blog-hostel.svg",
    date: "2026-10-15",
    title: "Making a hostel room feel like home",
    text: "Folding tables, floor cushions and good lighting: small buys that make long study nights easier.",
  },
  {
    image: "/images/blog-selling.svg",
    date: "2026-10-28",
    title: "How to sell your old textbooks fast",
    text: "Clear photos, an honest description and a fair price in PKR: what buyers look for in a listing.",
  },
  {
    image: "/images/blog-budget.svg",
    date: "2026-11-09",
    title: "A student budget that actually works",
    text: "Split your monthly allowance, plan the big purchases and let second-hand deals do the rest.",
  },
];

/** A static list of four blog entries. */
export function BlogList() {
  return (
    <Container maxWidth="lg" component="section" aria-labelledby="blog-heading" id="blog" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography id="blog-heading" variant="h4" component="h2" sx={{ mb: 3, fontSize: { xs: "1.5rem", md: "2rem" } }}>
        From the blog
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
          <li key={post.title}>
            <Card variant="outlined" component="article" sx={{ height: "100%" }}>
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
                  {post.title}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  {post.text}
                </Typography>
              </CardContent>
            </Card>
          </li>
        ))}
      </Box>
    </Container>
  );
}

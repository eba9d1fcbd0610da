import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router-dom";

/** The hero: what UniBazaar is, and a button to explore the shop. */
export function Hero() {
  const { t } = useTranslation("home");
  return (
    <Box
      component="section"
      aria-labelledby="hero-heading"
      sx={{ background: "linear-gradient(135deg, #0b5d4b 0%, #0d7a62 55%, #13906f 100%)", color: "#fff", py: { xs: 6, md: 10 } }}
    >
      <Container maxWidth="lg" sx={{ display: "grid", gap: 4, gridTemplateColumns: { xs: "1fr", md: "1.3fr 1fr" }, alignItems: "center" }}>
        <div>
          <Typography variant="overline" sx={{ letterSpacing: 2, fontWeight: 700, color: "#ffe9a8" }}>
            {t("hero.overline")}
          </Typography>
          <Typography
            id="hero-heading"
            variant="h2"
            component="h1"
            sx={{ fontSize: { xs: "2.1rem", sm: "2.8rem", md: "3.4rem" }, lineHeight: 1.1, mt: 1 }}
          >
            {t("hero.heading")}
          </Typography>
          <Typography sx={{ mt: 2, fontSize: { xs: "1rem", md: "1.15rem" }, maxWidth: 560, color: "#e6f4ef" }}>{t("hero.text")}</Typography>
          <Button
            component={RouterLink}
            to="/shop"
            variant="contained"
            size="large"
            sx={{ mt: 4, bgcolor: "#ffffff", color: "primary.main", "&:hover": { bgcolor: "#e8f5e9" } }}
          >
            {t("hero.explore")}
          </Button>
          <Button
            component={RouterLink}
            to="/sell"
            variant="outlined"
            size="large"
            sx={{ mt: 4, ml: 2, color: "#ffffff", borderColor: "#ffffff", "&:hover": { borderColor: "#e8f5e9" } }}
          >
            {t("hero.sell")}
          </Button>
        </div>
        <Box
          component="img"
          src="/images/hero.svg"
          alt=""
          width={400}
          height={320}
          sx={{ display: { xs: "none", md: "block" }, width: "100%", maxWidth: 420, height: "auto", justifySelf: "center" }}
        />
      </Container>
    </Box>
  );
}

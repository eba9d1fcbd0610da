import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router-dom";
import { usePageTitle } from "../../components/usePageTitle";

/** Any unknown URL: 'Page not found' with 'Go back home' and 'Contact support' (to /contact). */
export function NotFoundPage() {
  const { t } = useTranslation("pages");
  usePageTitle(t("notFound.title"));
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 8, md: 12 }, textAlign: "center" }}>
      <Typography
        component="p"
        sx={{ fontSize: { xs: 72, md: 96 }, fontWeight: 800, color: "primary.main", lineHeight: 1 }}
        aria-hidden="true"
      >
        404
      </Typography>
      <Typography variant="h4" component="h1" sx={{ mt: 2 }}>
        {t("notFound.heading")}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {t("notFound.explanation")}
      </Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mt: 4, justifyContent: "center" }}>
        <Button component={RouterLink} to="/" variant="contained" size="large">
          {t("goHome")}
        </Button>
        <Button component={RouterLink} to="/contact" variant="outlined" size="large">
          {t("contactSupport")}
        </Button>
      </Stack>
      <Box sx={{ height: 24 }} />
    </Container>
  );
}

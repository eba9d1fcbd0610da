import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import LockOutlined from "@mui/icons-material/LockOutlined";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router-dom";
import { usePageTitle } from "../../components/usePageTitle";

/** Where a user whose role has no dashboard (or who may not see a page) is sent. */
export function UnauthorizedPage() {
  const { t } = useTranslation("pages");
  usePageTitle(t("unauthorized.title"));
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 8, md: 12 }, textAlign: "center" }}>
      <LockOutlined sx={{ fontSize: 64, color: "primary.main" }} aria-hidden="true" />
      <Typography variant="h4" component="h1" sx={{ mt: 2 }}>
        {t("unauthorized.heading")}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {t("unauthorized.explanation")}
      </Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mt: 4, justifyContent: "center" }}>
        <Button component={RouterLink} to="/" variant="contained">
          {t("goHome")}
        </Button>
        <Button component={RouterLink} to="/contact" variant="outlined">
          {t("contactSupport")}
        </Button>
      </Stack>
    </Container>
  );
}

import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router-dom";
import { usePageTitle } from "../../components/usePageTitle";
import { useTranslation } from "react-i18next";

/**
 * The main layout's error page: a page that failed to load or crashed says so and offers a reload,
 * without a stack trace (unknown paths have their own not-found page).
 */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  usePageTitle(t("routeError.title"));
  const chunkFailed =
    error instanceof Error && /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message);
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 8, md: 12 }, textAlign: "center" }} role="alert">
      <Typography variant="h4" component="h1">
        {t("routeError.title")}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {chunkFailed ? t("routeError.notLoaded") : t("routeError.crashed")}
      </Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mt: 4, justifyContent: "center" }}>
        <Button variant="contained" onClick={() => window.location.reload()}>
          {t("routeError.reload")}
        </Button>
        <Button component={RouterLink} to="/" variant="outlined" reloadDocument>
          {t("routeError.home")}
        </Button>
        <Button component={RouterLink} to="/contact" variant="text">
          {t("routeError.contact")}
        </Button>
      </Stack>
    </Container>
  );
}

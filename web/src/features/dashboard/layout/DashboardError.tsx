import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router-dom";

/** Shown when a dashboard page fails to load or render (e.g. its code chunk after a deploy). */
export function DashboardError({ error }: { error: unknown }) {
  const { t } = useTranslation("dashboard");
  const detail = error instanceof Error ? error.message : null;
  return (
    <Box component="main" sx={{ maxWidth: 560, mx: "auto", px: 2, py: 8 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t("error.title")}
      </Typography>
      <Alert severity="error">{detail ? t("error.textWithDetail", { detail }) : t("error.text")}</Alert>
      <Stack direction="row" spacing={2} sx={{ mt: 3 }}>
        <Button variant="contained" onClick={() => window.location.reload()}>
          {t("error.reload")}
        </Button>
        <Button component={RouterLink} to="/" variant="outlined">
          {t("error.home")}
        </Button>
      </Stack>
    </Box>
  );
}

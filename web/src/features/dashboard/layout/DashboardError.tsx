import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router-dom";

/** Shown when a dashboard page fails to load or render (e.g. its code chunk after a deploy). */
export function DashboardError({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : null;
  return (
    <Box component="main" sx={{ maxWidth: 560, mx: "auto", px: 2, py: 8 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Something went wrong
      </Typography>
      <Alert severity="error">This dashboard page could not be shown. Please reload the page.{detail ? ` (${detail})` : ""}</Alert>
      <Stack direction="row" spacing={2} sx={{ mt: 3 }}>
        <Button variant="contained" onClick={() => window.location.reload()}>
          Reload
        </Button>
        <Button component={RouterLink} to="/" variant="outlined">
          Go back home
        </Button>
      </Stack>
    </Box>
  );
}

import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router-dom";
import { usePageTitle } from "../../components/usePageTitle";

/**
 * The main layout's error page: a page that failed to load or crashed says so and offers a reload,
 * without a stack trace (unknown paths have their own not-found page).
 */
export function RouteError({ error }: { error: unknown }) {
  usePageTitle("Something went wrong");
  const chunkFailed =
    error instanceof Error && /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message);
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 8, md: 12 }, textAlign: "center" }} role="alert">
      <Typography variant="h4" component="h1">
        Something went wrong
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {chunkFailed
          ? "This page could not be loaded. Check your connection and try again."
          : "An unexpected error stopped this page. Please try again."}
      </Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mt: 4, justifyContent: "center" }}>
        <Button variant="contained" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
        <Button component={RouterLink} to="/" variant="outlined" reloadDocument>
          Go back home
        </Button>
        <Button component={RouterLink} to="/contact" variant="text">
          Contact support
        </Button>
      </Stack>
    </Container>
  );
}

import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import LockOutlined from "@mui/icons-material/LockOutlined";
import { Link as RouterLink } from "react-router-dom";
import { usePageTitle } from "../../components/usePageTitle";

/** Where a user whose role has no dashboard (or who may not see a page) is sent. */
export function UnauthorizedPage() {
  usePageTitle("Not allowed");
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 8, md: 12 }, textAlign: "center" }}>
      <LockOutlined sx={{ fontSize: 64, color: "primary.main" }} aria-hidden="true" />
      <Typography variant="h4" component="h1" sx={{ mt: 2 }}>
        You are not allowed to see this page
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        Your account does not have access here. If you think this is a mistake, please contact support.
      </Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mt: 4, justifyContent: "center" }}>
        <Button component={RouterLink} to="/" variant="contained">
          Go back home
        </Button>
        <Button component={RouterLink} to="/contact" variant="outlined">
          Contact support
        </Button>
      </Stack>
    </Container>
  );
}

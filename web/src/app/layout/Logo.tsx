import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router-dom";

/** The UniBazaar word mark, linking home. */
export function Logo({ onClick }: { onClick?: () => void }) {
  return (
    <Box
      component={RouterLink}
      to="/"
      onClick={onClick}
      aria-label="UniBazaar home"
      sx={{ display: "inline-flex", alignItems: "center", gap: 1, textDecoration: "none", color: "primary.main" }}
    >
      <Box component="img" src="/favicon.svg" alt="" width={28} height={28} sx={{ display: "block" }} />
      <Typography component="span" variant="h6" sx={{ fontWeight: 800, letterSpacing: -0.3, color: "primary.main" }}>
        Uni
        <Box component="span" sx={{ color: "secondary.dark" }}>
          Bazaar
        </Box>
      </Typography>
    </Box>
  );
}

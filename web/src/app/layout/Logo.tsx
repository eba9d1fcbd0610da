import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router-dom";
import { useTranslation } from "react-i18next";

/** The brand is the same in every language; its second half is in the accent colour. */
const BRAND = ["Uni", "Bazaar"];

/** The UniBazaar word mark, linking home. */
export function Logo({ onClick }: { onClick?: () => void }) {
  const { t } = useTranslation();
  return (
    <Box
      component={RouterLink}
      to="/"
      onClick={onClick}
      aria-label={t("nav.home")}
      sx={{ display: "inline-flex", alignItems: "center", gap: 1, textDecoration: "none", color: "primary.main" }}
    >
      <Box component="img" src="/favicon.svg" alt="" width={28} height={28} sx={{ display: "block" }} />
      <Typography component="span" variant="h6" sx={{ fontWeight: 800, letterSpacing: -0.3, color: "primary.main" }}>
        {BRAND[0]}
        <Box component="span" sx={{ color: "secondary.dark" }}>
          {BRAND[1]}
        </Box>
      </Typography>
    </Box>
  );
}

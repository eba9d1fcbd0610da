import Verified from "@mui/icons-material/Verified";
import Chip from "@mui/material/Chip";
import { useTranslation } from "react-i18next";

/**
 * "Verified student": the account confirmed a university e-mail. `compact` is the icon alone (cards),
 * still named for screen readers.
 */
export function VerifiedBadge({ university, compact = false }: { university?: string | null; compact?: boolean }) {
  const { t } = useTranslation();
  const title = university ? t("verified.at", { university }) : t("verified.student");
  if (compact) {
    return (
      // the SVG's own <title> names it and shows on hover: a MUI Tooltip would put Popper in every card's first load
      <Verified titleAccess={title} color="primary" sx={{ fontSize: 16, verticalAlign: "text-bottom", ml: 0.5 }} />
    );
  }
  return <Chip icon={<Verified />} label={t("verified.student")} color="primary" variant="outlined" size="small" title={title} />;
}

import Verified from "@mui/icons-material/Verified";
import Chip from "@mui/material/Chip";
import { useTranslation } from "react-i18next";

/** "Verified student": the account confirmed a university e-mail (which one on hover). Cards show `VerifiedMark`, the tick alone. */
export function VerifiedBadge({ university }: { university?: string | null }) {
  const { t } = useTranslation();
  const title = university ? t("verified.at", { university }) : t("verified.student");
  return <Chip icon={<Verified />} label={t("verified.student")} color="primary" variant="outlined" size="small" title={title} />;
}

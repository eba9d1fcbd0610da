import Verified from "@mui/icons-material/Verified";
import { useTranslation } from "react-i18next";

/**
 * The "Verified student" tick alone, for cards: the account confirmed a university e-mail. The
 * SVG's own <title> names it for screen readers and shows on hover (a MUI Tooltip would put Popper
 * in every card's first load). The worded badge is `VerifiedBadge`.
 */
export function VerifiedMark() {
  const { t } = useTranslation();
  return <Verified titleAccess={t("verified.student")} color="primary" sx={{ fontSize: 16, verticalAlign: "text-bottom", ml: 0.5 }} />;
}

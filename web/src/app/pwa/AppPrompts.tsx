import Button from "@mui/material/Button";
import Snackbar from "@mui/material/Snackbar";
import { useTranslation } from "react-i18next";

/** The service worker's two questions, one at a time: reload onto a new version, or install the app. */
export function AppPrompts({
  update,
  install,
  onDismissInstall,
}: {
  update: (() => void) | null;
  install: (() => void) | null;
  onDismissInstall: () => void;
}) {
  const { t } = useTranslation();
  if (update) {
    return (
      <Snackbar
        open
        anchorOrigin={{ vertical: "bottom", horizontal: "center" }}
        message={t("pwa.updateReady")}
        action={
          <Button color="secondary" size="small" onClick={update}>
            {t("pwa.reload")}
          </Button>
        }
      />
    );
  }
  if (!install) return null;
  return (
    <Snackbar
      open
      anchorOrigin={{ vertical: "bottom", horizontal: "center" }}
      message={t("pwa.installOffer")}
      action={
        <>
          <Button color="secondary" size="small" onClick={onDismissInstall}>
            {t("pwa.notNow")}
          </Button>
          <Button color="secondary" size="small" variant="outlined" onClick={install}>
            {t("pwa.install")}
          </Button>
        </>
      }
    />
  );
}

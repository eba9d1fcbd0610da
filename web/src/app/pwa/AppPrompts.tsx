import Button from "@mui/material/Button";
import Snackbar from "@mui/material/Snackbar";

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
  if (update) {
    return (
      <Snackbar
        open
        anchorOrigin={{ vertical: "bottom", horizontal: "center" }}
        message="A new version of UniBazaar is ready."
        action={
          <Button color="secondary" size="small" onClick={update}>
            Reload
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
      message="Add UniBazaar to your home screen: it opens like an app and can tell you when someone replies."
      action={
        <>
          <Button color="secondary" size="small" onClick={onDismissInstall}>
            Not now
          </Button>
          <Button color="secondary" size="small" variant="outlined" onClick={install}>
            Install
          </Button>
        </>
      }
    />
  );
}

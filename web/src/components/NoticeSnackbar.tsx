import Alert, { type AlertColor } from "@mui/material/Alert";
import Snackbar from "@mui/material/Snackbar";
import useMediaQuery from "@mui/material/useMediaQuery";
import type { Theme } from "@mui/material/styles";
import { useTranslation } from "react-i18next";

/** One message for the Snackbar: shown in turn, each with its own key. */
export type Notice = { key: number; message: string; severity: AlertColor };

/**
 * The message on screen (see NotifyProvider): a filled Alert in a Snackbar. On phones it sits at the
 * top, under the header, where it covers no form button or message box; at the bottom on wider screens.
 */
export function NoticeSnackbar({
  notice,
  open,
  onClose,
  onExited,
}: {
  notice: Notice;
  open: boolean;
  onClose: (event?: unknown, reason?: string) => void;
  onExited: () => void;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down("sm"));
  return (
    <Snackbar
      open={open}
      autoHideDuration={notice.severity === "error" ? 8000 : phone ? 3000 : 5000}
      onClose={onClose}
      slotProps={{ transition: { onExited } }}
      anchorOrigin={{ vertical: phone ? "top" : "bottom", horizontal: "center" }}
      // below the sticky header (56 px on phones), so the cart and menu stay reachable
      sx={phone ? { top: 64 } : undefined}
    >
      <Alert
        onClose={() => onClose()}
        closeText={t("form.close")}
        severity={notice.severity}
        variant="filled"
        sx={{ width: "100%" }}
        role={notice.severity === "error" ? "alert" : "status"}
      >
        {notice.message}
      </Alert>
    </Snackbar>
  );
}

import Alert from "@mui/material/Alert";
import Snackbar from "@mui/material/Snackbar";
import type { Notice } from "./Notify";

/** The message on screen (see NotifyProvider): filled Alert in a Snackbar at the bottom. */
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
  return (
    <Snackbar
      open={open}
      autoHideDuration={notice.severity === "error" ? 8000 : 5000}
      onClose={onClose}
      slotProps={{ transition: { onExited } }}
      anchorOrigin={{ vertical: "bottom", horizontal: "center" }}
    >
      <Alert
        onClose={() => onClose()}
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

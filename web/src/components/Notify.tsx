import Alert, { type AlertColor } from "@mui/material/Alert";
import Snackbar from "@mui/material/Snackbar";
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";

type Notice = { key: number; message: string; severity: AlertColor };

export type Notify = {
  success: (message: string) => void;
  error: (message: string) => void;
  info: (message: string) => void;
  /** Closes the message on screen now (e.g. when a panel opens where it would be in the way). */
  dismiss: () => void;
};

const NotifyContext = createContext<Notify | null>(null);

/**
 * One Snackbar for the whole app: success and failure messages appear here (never window.alert).
 * Messages queue; each stays about five seconds (errors a little longer) and can be dismissed.
 */
export function NotifyProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Notice[]>([]);
  const [open, setOpen] = useState(true);
  const current = queue[0];

  const push = useCallback((message: string, severity: AlertColor) => {
    setQueue((q) => [...q, { key: Date.now() + Math.random(), message, severity }]);
    setOpen(true);
  }, []);

  const value = useMemo<Notify>(
    () => ({
      success: (m) => push(m, "success"),
      error: (m) => push(m, "error"),
      info: (m) => push(m, "info"),
      dismiss: () => setOpen(false),
    }),
    [push],
  );

  const close = (_event?: unknown, reason?: string) => {
    if (reason === "clickaway") return;
    setOpen(false);
  };

  return (
    <NotifyContext.Provider value={value}>
      {children}
      {current && (
        <Snackbar
          key={current.key}
          open={open}
          autoHideDuration={current.severity === "error" ? 8000 : 5000}
          onClose={close}
          slotProps={{
            transition: {
              onExited: () => {
                setQueue((q) => q.slice(1));
                setOpen(true);
              },
            },
          }}
          anchorOrigin={{ vertical: "bottom", horizontal: "center" }}
        >
          <Alert
            onClose={() => close()}
            severity={current.severity}
            variant="filled"
            sx={{ width: "100%" }}
            role={current.severity === "error" ? "alert" : "status"}
          >
            {current.message}
          </Alert>
        </Snackbar>
      )}
    </NotifyContext.Provider>
  );
}

/** `const notify = useNotify(); notify.success("Saved!")` — shows a Snackbar message. */
export function useNotify(): Notify {
  const value = useContext(NotifyContext);
  if (!value) throw new Error("useNotify must be used inside <NotifyProvider>");
  return value;
}

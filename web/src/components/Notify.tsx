import type { AlertColor } from "@mui/material/Alert";
import { createContext, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from "react";

import { framePiece } from "../lib/staleVersion";
import type { Notice } from "./NoticeSnackbar";

// the Snackbar's code loads with the first message, not with the page
const NoticeSnackbar = framePiece(async () => (await import("./NoticeSnackbar")).NoticeSnackbar);

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
 * Each stays a few seconds (three on phones, five wider, errors eight) and can be dismissed; a newer one replaces it.
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

  const next = () => {
    setQueue((q) => q.slice(1));
    setOpen(true);
  };

  // a newer message replaces the one on screen (it closes, then the next shows): an error never
  // waits behind an old success, which keeps showing while the pointer rests on it
  if (queue.length > 1 && open) setOpen(false);

  return (
    <NotifyContext.Provider value={value}>
      {children}
      {current && (
        <Suspense fallback={null}>
          <NoticeSnackbar key={current.key} notice={current} open={open} onClose={close} onExited={next} />
        </Suspense>
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

import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import InboxOutlined from "@mui/icons-material/InboxOutlined";
import { useDeferredValue, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "./errors";

type QueryStateProps<T> = {
  loading: boolean;
  error?: unknown;
  /** The data to show; `null`/`undefined` once loaded counts as empty. */
  data: T | null | undefined;
  /** Whether loaded data counts as empty (default: an empty array, or an `items` array that is empty). */
  isEmpty?: (data: T) => boolean;
  /** Shown while the first load runs (default: three text skeleton lines). */
  skeleton?: ReactNode;
  /**
   * A sentence for a failure that names what failed, where the page has several parts that load
   * on their own (default: "Could not load this."). The error's own message follows it.
   */
  errorText?: string;
  /** The empty state: a text (shown in <EmptyState>) or any node. */
  empty: ReactNode;
  onRetry?: () => void;
  children: (data: T) => ReactNode;
};

const defaultIsEmpty = (data: unknown) => {
  if (Array.isArray(data)) return data.length === 0;
  if (data && typeof data === "object" && "items" in data && Array.isArray(data.items))
    return (data as { items: unknown[] }).items.length === 0;
  return false;
};

/**
 * Every data view has four states (loading, error, empty, data), in the spirit of Redwood cells:
 * data already in hand is shown even while it refreshes; an error without data shows what failed
 * and why, in the reader's language (with a retry); the first load shows Skeletons. Data is drawn
 * a moment after it arrives, at transition priority: React then yields to the browser while it
 * builds a grid of cards, instead of holding a phone's main thread for one long task.
 */
export function QueryState<T>({
  loading,
  error,
  data,
  isEmpty = defaultIsEmpty,
  skeleton,
  errorText,
  empty,
  onRetry,
  children,
}: QueryStateProps<T>) {
  const shown = useDeferredValue(data);
  if (data != null) {
    if (shown == null) return <>{skeleton ?? <TextSkeleton />}</>;
    if (isEmpty(shown)) return typeof empty === "string" ? <EmptyState message={empty} /> : <>{empty}</>;
    return <>{children(shown)}</>;
  }
  if (error) return <ErrorState error={error} message={errorText} onRetry={onRetry} />;
  if (loading) return <>{skeleton ?? <TextSkeleton />}</>;
  return typeof empty === "string" ? <EmptyState message={empty} /> : <>{empty}</>;
}

export function TextSkeleton({ lines = 3 }: { lines?: number }) {
  const { t } = useTranslation("common");
  return (
    <Stack spacing={1} role="status" aria-busy="true" aria-label={t("loading.content")}>
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} variant="text" width={i === lines - 1 ? "60%" : "100%"} />
      ))}
    </Stack>
  );
}

export function EmptyState({ message, action }: { message: ReactNode; action?: ReactNode }) {
  return (
    <Box sx={{ textAlign: "center", py: 6, px: 2, color: "text.secondary" }} role="status">
      <InboxOutlined sx={{ fontSize: 48, mb: 1, color: "text.secondary" }} aria-hidden="true" />
      <Typography variant="h6" component="p" color="text.secondary">
        {message}
      </Typography>
      {action && <Box sx={{ mt: 2 }}>{action}</Box>}
    </Box>
  );
}

/**
 * A failed load: the sentence (default "Could not load this."), then the error's own message from
 * its code, so it reads in the reader's language (a failure with no server message, e.g. offline,
 * asks to check the connection), and a retry.
 */
export function ErrorState({ error, message, onRetry }: { error: unknown; message?: string; onRetry?: () => void }) {
  const { t } = useTranslation("common");
  return (
    <Alert
      severity="error"
      sx={{ my: 2 }}
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            {t("loadError.retry")}
          </Button>
        ) : undefined
      }
    >
      {message ?? t("loadError.failed")} {errorMessage(error, t("loadError.noDetail"))}
    </Alert>
  );
}

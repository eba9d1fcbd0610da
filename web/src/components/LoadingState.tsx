import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import Typography from "@mui/material/Typography";

/**
 * The loading state with the page's words ('Loading user stats...', 'Loading...'); the error and
 * empty states are the shared ones in components/QueryState.
 */
export function LoadingState({ label = "Loading..." }: { label?: string }) {
  return (
    <Box role="status" aria-live="polite" sx={{ display: "flex", alignItems: "center", gap: 1.5, py: 4, justifyContent: "center" }}>
      <CircularProgress size={22} aria-hidden="true" />
      <Typography>{label}</Typography>
    </Box>
  );
}

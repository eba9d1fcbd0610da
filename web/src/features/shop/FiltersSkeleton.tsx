import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";

/** The filters' place while their options (or their code) are on the way. */
export function FiltersSkeleton() {
  return (
    <Stack spacing={1} role="status" aria-label="Loading filters">
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton key={i} variant="text" />
      ))}
    </Stack>
  );
}

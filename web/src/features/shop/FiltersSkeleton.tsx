import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import { useTranslation } from "react-i18next";

/** The filters' place while their options (or their code) are on the way. */
export function FiltersSkeleton() {
  const { t } = useTranslation("shop");
  return (
    <Stack spacing={1} role="status" aria-label={t("filters.loading")}>
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton key={i} variant="text" />
      ))}
    </Stack>
  );
}

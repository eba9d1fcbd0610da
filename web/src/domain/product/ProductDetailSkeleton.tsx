import Box from "@mui/material/Box";
import Skeleton from "@mui/material/Skeleton";
import { useTranslation } from "react-i18next";

/** The product page while it loads: the picture and the details beside it (below it on a phone). */
export function ProductDetailSkeleton() {
  const { t } = useTranslation();
  return (
    <Box
      role="status"
      aria-label={t("loading.product")}
      sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" }, gap: { xs: 3, md: 5 }, mt: 5 }}
    >
      <Skeleton variant="rectangular" sx={{ width: "100%", height: "auto", aspectRatio: "1", borderRadius: 2 }} />
      <div>
        <Skeleton variant="text" sx={{ fontSize: "2.2rem" }} />
        <Skeleton variant="text" width="40%" />
        <Skeleton variant="text" width="30%" sx={{ fontSize: "1.5rem" }} />
        <Skeleton variant="text" width="60%" />
        <Skeleton variant="rectangular" height={120} sx={{ mt: 2 }} />
        <Skeleton variant="rectangular" height={44} width={220} sx={{ mt: 3 }} />
      </div>
    </Box>
  );
}

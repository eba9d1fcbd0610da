import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Grid from "@mui/material/Grid";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router-dom";
import { useDashboardSellerStatsQuery } from "../../../generated/hooks";
import { formatCount, formatPKR } from "../../../lib/format";
import { QueryState } from "../../../components/QueryState";
import { LoadingState } from "../../../components/LoadingState";
import { StatCard } from "../common/StatCard";
import { SalesChart } from "./SalesChart";
import { usePageTitle } from "../../../components/usePageTitle";

/** /dashboard/seller: the seller's figures, one card each (a new seller is asked to add a first product), and sales over time.
 * Revenue is PKR, never a dollar sign, and excludes tax (tax is not the seller's: see the stats service). */
export default function SellerHome() {
  const { t } = useTranslation("seller");
  usePageTitle(t("home.title"));
  const { data, loading, error, refetch } = useDashboardSellerStatsQuery({ fetchPolicy: "cache-and-network" });
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {t("home.welcome")}
      </Typography>
      <QueryState
        loading={loading}
        error={error}
        data={data?.sellerStats}
        skeleton={<LoadingState label={t("home.loading")} />}
        empty={t("home.noStats")}
        onRetry={() => void refetch()}
      >
        {(stats) => (
          <>
            {stats.totalProducts === 0 && (
              <Alert
                severity="info"
                action={
                  <Button component={RouterLink} to="/dashboard/seller/add-new-post" variant="contained" size="small">
                    {t("home.addFirst")}
                  </Button>
                }
                sx={{ flexWrap: "wrap", "& .MuiAlert-action": { pl: 0, ml: 0 } }}
              >
                {t("home.noListings")}
              </Alert>
            )}
            {/* counts and an amount do not share one scale: each figure stands on its own card */}
            <Grid container spacing={2}>
              {[
                [t("home.totalSales"), formatCount(stats.totalSales)],
                [t("home.totalRevenue"), formatPKR(stats.totalRevenue)],
                [t("home.ordersManaged"), formatCount(stats.totalOrdersManaged)],
                [t("home.totalProducts"), formatCount(stats.totalProducts)],
                [t("home.totalReviews"), formatCount(stats.totalReviews)],
              ].map(([label, value]) => (
                <Grid key={label} size={{ xs: 6, sm: 4 }}>
                  <StatCard label={label} value={value} />
                </Grid>
              ))}
            </Grid>
            {/* a seller with no sales yet gets the call to list, not an empty chart */}
            {stats.totalSales > 0 && <SalesChart />}
          </>
        )}
      </QueryState>
      <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1 }}>
        <Button component={RouterLink} to="/dashboard/seller/manage-products" variant="outlined">
          {t("home.manageProducts")}
        </Button>
        <Button component={RouterLink} to="/dashboard/seller/manage-orders" variant="outlined">
          {t("home.manageOrders")}
        </Button>
        <Button component={RouterLink} to="/dashboard/seller/reviews" variant="outlined">
          {t("home.myReviews")}
        </Button>
      </Stack>
    </Stack>
  );
}

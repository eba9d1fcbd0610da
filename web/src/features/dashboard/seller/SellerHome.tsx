import Button from "@mui/material/Button";
import Grid from "@mui/material/Grid";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router-dom";
import { useDashboardSellerStatsQuery } from "../../../generated/hooks";
import { formatPKR } from "../../../lib/format";
import { QueryState } from "../../../components/QueryState";
import { LoadingState } from "../../../components/LoadingState";
import { StatCard } from "../common/StatCard";
import { StatsChart } from "../common/StatsChart";
import { usePageTitle } from "../../../components/usePageTitle";

/** /dashboard/seller: sales figures and a chart (at most 800 x 500 px). Revenue is PKR, not the spec's dollar sign,
 * and excludes tax (tax is not the seller's: see the stats service). */
export default function SellerHome() {
  usePageTitle("Seller Dashboard");
  const { data, loading, error, refetch } = useDashboardSellerStatsQuery({ fetchPolicy: "cache-and-network" });
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        Welcome to Seller Dashboard
      </Typography>
      <QueryState
        loading={loading}
        error={error}
        data={data?.sellerStats}
        skeleton={<LoadingState label="Loading..." />}
        errorText={`No stats available. ${error?.message}`}
        empty="No stats available."
        onRetry={() => void refetch()}
      >
        {(stats) => (
          <>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 4 }}>
                <StatCard label="Total Sales" value={String(stats.totalSales)} />
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                <StatCard label="Total Revenue (excl. tax)" value={formatPKR(stats.totalRevenue)} />
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                <StatCard label="Total Orders Managed" value={String(stats.totalOrdersManaged)} />
              </Grid>
            </Grid>
            <StatsChart
              title="Sales overview"
              maxWidth={800}
              height={400}
              bars={[
                { label: "Total Sales", value: stats.totalSales, shown: String(stats.totalSales) },
                { label: "Total Products", value: stats.totalProducts, shown: String(stats.totalProducts) },
                { label: "Total Reviews", value: stats.totalReviews, shown: String(stats.totalReviews) },
              ]}
            />
          </>
        )}
      </QueryState>
      <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1 }}>
        <Button component={RouterLink} to="/dashboard/seller/manage-products" variant="outlined">
          Manage My Products
        </Button>
        <Button component={RouterLink} to="/dashboard/seller/manage-orders" variant="outlined">
          Manage Orders
        </Button>
        <Button component={RouterLink} to="/dashboard/seller/reviews" variant="outlined">
          My Reviews
        </Button>
      </Stack>
    </Stack>
  );
}

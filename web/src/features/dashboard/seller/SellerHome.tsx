import Alert from "@mui/material/Alert";
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
import { SalesChart } from "./SalesChart";
import { usePageTitle } from "../../../components/usePageTitle";

/** /dashboard/seller: the seller's figures, one card each (a new seller is asked to add a first product), and sales over time.
 * Revenue is PKR, never a dollar sign, and excludes tax (tax is not the seller's: see the stats service). */
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
            {stats.totalProducts === 0 && (
              <Alert
                severity="info"
                action={
                  <Button component={RouterLink} to="/dashboard/seller/add-new-post" variant="contained" size="small">
                    Add your first product
                  </Button>
                }
                sx={{ flexWrap: "wrap", "& .MuiAlert-action": { pl: 0, ml: 0 } }}
              >
                You have no listings yet. Add one and students on your campus can find it in the shop.
              </Alert>
            )}
            {/* counts and an amount do not share one scale: each figure stands on its own card */}
            <Grid container spacing={2}>
              {[
                ["Total Sales", String(stats.totalSales)],
                ["Total Revenue (excl. tax)", formatPKR(stats.totalRevenue)],
                ["Total Orders Managed", String(stats.totalOrdersManaged)],
                ["Total Products", String(stats.totalProducts)],
                ["Total Reviews", String(stats.totalReviews)],
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

import Button from "@mui/material/Button";
import Grid from "@mui/material/Grid";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router-dom";
import { useDashboardUserStatsQuery } from "../../../generated/hooks";
import { useAuth } from "../../../lib/auth";
import { formatPKR } from "../../../lib/format";
import { QueryState } from "../../../components/QueryState";
import { LoadingState } from "../../../components/LoadingState";
import { StatCard } from "../common/StatCard";
import { usePageTitle } from "../../../components/usePageTitle";

/** /dashboard: the buyer's greeting and their figures, one card each. */
export default function BuyerHome() {
  usePageTitle("My Dashboard");
  const { user } = useAuth();
  const { data, loading, error, refetch } = useDashboardUserStatsQuery({ fetchPolicy: "cache-and-network" });

  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        Welcome, {user?.username}!
      </Typography>
      <Typography color="text.secondary">Here is an overview of your purchases and reviews.</Typography>
      <QueryState
        loading={loading}
        error={error}
        data={data?.userStats}
        skeleton={<LoadingState label="Loading user stats..." />}
        errorText={`No stats available. ${error?.message}`}
        empty="No stats available."
        onRetry={() => void refetch()}
      >
        {(stats) => (
          <>
            <Grid container spacing={2}>
              {/* rupees and counts do not share one chart's scale: one card per figure */}
              <Grid size={{ xs: 12, sm: 4 }}>
                <StatCard label="Total Payments (incl. tax)" value={formatPKR(stats.totalPayments)} />
              </Grid>
              <Grid size={{ xs: 6, sm: 4 }}>
                <StatCard label="Total Purchased Products" value={String(stats.totalPurchasedProducts)} />
              </Grid>
              <Grid size={{ xs: 6, sm: 4 }}>
                <StatCard label="Reviews Written" value={String(stats.totalReviews)} />
              </Grid>
            </Grid>
          </>
        )}
      </QueryState>
      <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", gap: 1 }}>
        <Button component={RouterLink} to="/dashboard/orders" variant="outlined">
          My Orders
        </Button>
        <Button component={RouterLink} to="/dashboard/reviews" variant="outlined">
          My Reviews
        </Button>
      </Stack>
    </Stack>
  );
}

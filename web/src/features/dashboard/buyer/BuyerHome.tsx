import Button from "@mui/material/Button";
import Grid from "@mui/material/Grid";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
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
  const { t } = useTranslation("dashboard");
  usePageTitle(t("buyerHome.title"));
  const { user } = useAuth();
  const { data, loading, error, refetch } = useDashboardUserStatsQuery({ fetchPolicy: "cache-and-network" });

  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {t("buyerHome.welcome", { name: user?.username })}
      </Typography>
      <Typography color="text.secondary">{t("buyerHome.intro")}</Typography>
      <QueryState
        loading={loading}
        error={error}
        data={data?.userStats}
        skeleton={<LoadingState label={t("buyerHome.loading")} />}
        empty={t("buyerHome.noStats")}
        onRetry={() => void refetch()}
      >
        {(stats) => (
          <>
            <Grid container spacing={2}>
              {/* rupees and counts do not share one chart's scale: one card per figure */}
              <Grid size={{ xs: 12, sm: 4 }}>
                <StatCard label={t("buyerHome.totalPayments")} value={formatPKR(stats.totalPayments)} />
              </Grid>
              <Grid size={{ xs: 6, sm: 4 }}>
                <StatCard label={t("buyerHome.purchasedProducts")} value={String(stats.totalPurchasedProducts)} />
              </Grid>
              <Grid size={{ xs: 6, sm: 4 }}>
                <StatCard label={t("buyerHome.reviewsWritten")} value={String(stats.totalReviews)} />
              </Grid>
            </Grid>
          </>
        )}
      </QueryState>
      <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", gap: 1 }}>
        <Button component={RouterLink} to="/dashboard/orders" variant="outlined">
          {t("buyerHome.myOrders")}
        </Button>
        <Button component={RouterLink} to="/dashboard/reviews" variant="outlined">
          {t("buyerHome.myReviews")}
        </Button>
      </Stack>
    </Stack>
  );
}

import Button from "@mui/material/Button";
import Grid from "@mui/material/Grid";
import Stack from "@mui/material/Stack";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { BarChart } from "@mui/x-charts/BarChart";
import Box from "@mui/material/Box";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router-dom";
import { useDashboardAdminStatsQuery, useDashboardSellerRevenueQuery } from "../../../generated/hooks";
import type { DashboardAdminStatsQuery } from "../../../generated/graphql";
import { formatCount, formatMonth, formatPKR } from "../../../lib/format";
import { formatPKRCompact } from "../../../lib/axis-money";
import { currentLanguage } from "../../../lib/i18n";
import { ChartTable } from "../common/ChartTable";
import { FROM_TABLET, PHONE_ONLY, ScrollTable } from "../common/ScrollTable";
import { StatCard } from "../common/StatCard";
import { EmptyState, QueryState } from "../../../components/QueryState";
import { LoadingState } from "../../../components/LoadingState";
import { usePageTitle } from "../../../components/usePageTitle";

/** /dashboard/admin: platform totals, monthly earnings and the seller revenue table. */
export default function AdminHome() {
  const { t } = useTranslation("admin");
  usePageTitle(t("home.title"));
  return (
    <Stack spacing={3}>
      <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center", flexWrap: "wrap", gap: 1 }}>
        <Typography variant="h4" component="h1">
          {t("home.title")}
        </Typography>
        <Button component={RouterLink} to="/dashboard/admin/users" variant="contained">
          {t("home.manageUsers")}
        </Button>
      </Stack>
      <PlatformStats />
      <SellerRevenue />
    </Stack>
  );
}

function PlatformStats() {
  const { t } = useTranslation("admin");
  const { data, loading, error, refetch } = useDashboardAdminStatsQuery({ fetchPolicy: "cache-and-network" });
  return (
    <QueryState
      loading={loading}
      error={error}
      data={data?.adminStats}
      skeleton={<LoadingState label={t("home.loadingStats")} />}
      errorText={t("home.statsFailed")}
      empty={t("home.noStats")}
      onRetry={() => void refetch()}
    >
      {(stats) => <PlatformTotals stats={stats} />}
    </QueryState>
  );
}

function PlatformTotals({ stats }: { stats: DashboardAdminStatsQuery["adminStats"] }) {
  const { t } = useTranslation("admin");
  const cards: Array<[string, string]> = [
    [t("home.totalUsers"), formatCount(stats.totalUsers)],
    [t("home.totalProducts"), formatCount(stats.totalProducts)],
    [t("home.totalOrders"), formatCount(stats.totalOrders)],
    [t("home.totalReviews"), formatCount(stats.totalReviews)],
    [t("home.totalEarnings"), formatPKR(stats.totalEarnings)],
  ];
  return (
    <Box component="section" aria-labelledby="platform-heading">
      <Typography id="platform-heading" variant="h5" component="h2" sx={{ mb: 2 }}>
        {t("home.platformTotals")}
      </Typography>
      <Grid container spacing={2}>
        {cards.map(([label, value], i) => (
          <Grid key={label} size={{ xs: i === cards.length - 1 ? 12 : 6, md: 4, lg: 2.4 }}>
            <StatCard label={label} value={value} />
          </Grid>
        ))}
      </Grid>
      <MonthlyEarnings months={stats.monthlyEarnings} />
    </Box>
  );
}

function MonthlyEarnings({ months }: { months: DashboardAdminStatsQuery["adminStats"]["monthlyEarnings"] }) {
  const { t } = useTranslation("admin");
  const title = t("home.monthlyEarnings");
  return (
    <Box component="figure" sx={{ m: 0, mt: 3, maxWidth: 900 }}>
      <Box component="figcaption" sx={{ typography: "h6", mb: 1 }}>
        {title}
      </Box>
      {months.length === 0 ? (
        <EmptyState message={t("home.noEarnings")} />
      ) : (
        <>
          <Box aria-hidden="true">
            <BarChart
              height={300}
              xAxis={[{ scaleType: "band", data: months.map((m) => formatMonth(m.month)) }]}
              yAxis={[{ width: "auto", valueFormatter: (v: number) => formatPKRCompact(v, currentLanguage()) }]}
              series={[
                {
                  data: months.map((m) => m.earnings),
                  label: t("home.earnings"),
                  color: "#0b5d4b",
                  valueFormatter: (v) => (v === null ? "" : formatPKR(v)),
                },
              ]}
              hideLegend
              disableKeyboardNavigation
            />
          </Box>
          <ChartTable
            caption={title}
            columns={[t("home.month"), t("home.earnings")]}
            rows={months.map((m) => [formatMonth(m.month), formatPKR(m.earnings)])}
          />
        </>
      )}
    </Box>
  );
}

function SellerRevenue() {
  const { t } = useTranslation("admin");
  const { data, loading, error, refetch } = useDashboardSellerRevenueQuery({ fetchPolicy: "cache-and-network" });
  return (
    <Box component="section" aria-labelledby="revenue-heading">
      <Typography id="revenue-heading" variant="h5" component="h2" sx={{ mb: 2 }}>
        {t("home.sellerRevenue")}
      </Typography>
      <QueryState
        loading={loading}
        error={error}
        data={data?.sellerRevenue}
        skeleton={<LoadingState label={t("home.loadingRevenue")} />}
        errorText={t("home.revenueFailed")}
        empty={t("home.noRevenue")}
        onRetry={() => void refetch()}
      >
        {(rows) => (
          <ScrollTable label={t("home.sellerRevenue")}>
            <TableHead>
              <TableRow>
                <TableCell>{t("home.columns.seller")}</TableCell>
                <TableCell>{t("home.columns.email")}</TableCell>
                <TableCell sx={FROM_TABLET}>{t("home.columns.contact")}</TableCell>
                <TableCell align="right">{t("home.columns.revenue")}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.sellerId}>
                  <TableCell>
                    {row.storeName ? t("home.storeAndUser", { store: row.storeName, user: row.username }) : row.username}
                  </TableCell>
                  <TableCell sx={{ overflowWrap: "anywhere" }}>
                    {row.email}
                    <Typography variant="caption" color="text.secondary" sx={PHONE_ONLY}>
                      {row.contactNumber ? <span dir="ltr">{row.contactNumber}</span> : "-"}
                    </Typography>
                  </TableCell>
                  <TableCell sx={FROM_TABLET}>{row.contactNumber ? <span dir="ltr">{row.contactNumber}</span> : "-"}</TableCell>
                  <TableCell align="right">{formatPKR(row.totalRevenue)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </ScrollTable>
        )}
      </QueryState>
    </Box>
  );
}

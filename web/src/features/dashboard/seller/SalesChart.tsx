import Box from "@mui/material/Box";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import { BarChart } from "@mui/x-charts/BarChart";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadingState } from "../../../components/LoadingState";
import { QueryState } from "../../../components/QueryState";
import type { SalesInterval } from "../../../generated/graphql";
import { useDashboardSellerSalesQuery } from "../../../generated/hooks";
import { formatDate, formatMonth, formatPKR } from "../../../lib/format";
import { formatPKRCompact } from "../../../lib/axis-money";
import { currentLanguage } from "../../../lib/i18n";
import { ChartTable } from "../common/ChartTable";

/** How each interval's periods read on the axis and in the table (the words are in the seller catalogue under sales.DAY and sales.MONTH). */
const PERIOD_FORMAT: Record<SalesInterval, (period: string) => string> = { DAY: formatDate, MONTH: formatMonth };
const INTERVALS = Object.keys(PERIOD_FORMAT) as SalesInterval[];

/** The seller's revenue over time, by day or by month (the same revenue as the Total Revenue card). */
export function SalesChart() {
  const { t } = useTranslation("seller");
  const [interval, setInterval] = useState<SalesInterval>("DAY");
  const { data, loading, error, refetch } = useDashboardSellerSalesQuery({ variables: { interval }, fetchPolicy: "cache-and-network" });
  const view = {
    title: t(`sales.${interval}.title`),
    axis: t(`sales.${interval}.axis`),
    format: PERIOD_FORMAT[interval],
  };
  const titleId = useId();
  return (
    // the caption sits beside the period buttons, so the figure names it explicitly
    <Box component="figure" aria-labelledby={titleId} sx={{ m: 0, maxWidth: 900 }}>
      <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "center", flexWrap: "wrap", gap: 1, mb: 1 }}>
        <Box id={titleId} sx={{ typography: "h6" }}>
          {view.title}
        </Box>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={interval}
          onChange={(_, next: SalesInterval | null) => next && setInterval(next)}
          aria-label={t("sales.period")}
        >
          {INTERVALS.map((key) => (
            <ToggleButton key={key} value={key}>
              {t(`sales.${key}.button`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      <QueryState
        loading={loading}
        error={error}
        data={data?.sellerSales}
        skeleton={<LoadingState label={t("sales.loading")} />}
        errorText={t("sales.loadFailed")}
        empty={t("sales.none")}
        onRetry={() => void refetch()}
      >
        {(points) => (
          <>
            {/* the table below says the same to screen readers */}
            <Box aria-hidden="true">
              <BarChart
                height={280}
                xAxis={[{ scaleType: "band", label: view.axis, data: points.map((p) => view.format(p.period)) }]}
                yAxis={[
                  {
                    width: "auto",
                    label: t("sales.revenueAxis"),
                    valueFormatter: (v: number) => formatPKRCompact(v, currentLanguage()),
                  },
                ]}
                series={[
                  {
                    data: points.map((p) => p.revenue),
                    label: t("sales.revenue"),
                    color: "#0b5d4b",
                    valueFormatter: (v) => (v === null ? "" : formatPKR(v)),
                  },
                ]}
                hideLegend
                disableKeyboardNavigation
              />
            </Box>
            <ChartTable
              caption={view.title}
              columns={[view.axis, t("sales.revenue")]}
              rows={points.map((p) => [view.format(p.period), formatPKR(p.revenue)])}
            />
          </>
        )}
      </QueryState>
    </Box>
  );
}

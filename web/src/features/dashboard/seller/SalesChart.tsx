import Box from "@mui/material/Box";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import { BarChart } from "@mui/x-charts/BarChart";
import { useId, useState } from "react";
import { LoadingState } from "../../../components/LoadingState";
import { QueryState } from "../../../components/QueryState";
import type { SalesInterval } from "../../../generated/graphql";
import { useDashboardSellerSalesQuery } from "../../../generated/hooks";
import { formatDate, formatMonth, formatPKR } from "../../../lib/format";
import { ChartTable } from "../common/ChartTable";

const VIEWS: Record<SalesInterval, { button: string; title: string; axis: string; format: (period: string) => string }> = {
  DAY: { button: "Last 30 days", title: "Sales per day, last 30 days (excl. tax)", axis: "Day", format: formatDate },
  MONTH: { button: "Last 12 months", title: "Sales per month, last 12 months (excl. tax)", axis: "Month", format: formatMonth },
};

/** The seller's revenue over time, by day or by month (the same revenue as the Total Revenue card). */
export function SalesChart() {
  const [interval, setInterval] = useState<SalesInterval>("DAY");
  const { data, loading, error, refetch } = useDashboardSellerSalesQuery({ variables: { interval }, fetchPolicy: "cache-and-network" });
  const view = VIEWS[interval];
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
          aria-label="Sales period"
        >
          {(Object.keys(VIEWS) as SalesInterval[]).map((key) => (
            <ToggleButton key={key} value={key}>
              {VIEWS[key].button}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      <QueryState
        loading={loading}
        error={error}
        data={data?.sellerSales}
        skeleton={<LoadingState label="Loading sales..." />}
        errorText={`Error loading your sales: ${error?.message}`}
        empty="No sales yet."
        onRetry={() => void refetch()}
      >
        {(points) => (
          <>
            {/* the table below says the same to screen readers */}
            <Box aria-hidden="true">
              <BarChart
                height={280}
                xAxis={[{ scaleType: "band", label: view.axis, data: points.map((p) => view.format(p.period)) }]}
                yAxis={[{ width: "auto", label: "Revenue (PKR)", valueFormatter: (v: number) => formatPKR(v, { compact: true }) }]}
                series={[
                  {
                    data: points.map((p) => p.revenue),
                    label: "Revenue",
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
              columns={[view.axis, "Revenue"]}
              rows={points.map((p) => [view.format(p.period), formatPKR(p.revenue)])}
            />
          </>
        )}
      </QueryState>
    </Box>
  );
}

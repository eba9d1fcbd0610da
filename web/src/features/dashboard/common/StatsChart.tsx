import Box from "@mui/material/Box";
import { BarChart } from "@mui/x-charts/BarChart";
import { formatPKR } from "../../../lib/format";
import { ChartTable } from "./ChartTable";

/** One bar; `money` bars (PKR) get their own axis on the left, counts share one on the right. */
export type Bar = { label: string; value: number; shown: string; money?: boolean };

const COLORS = ["#1565c0", "#2e7d32", "#ef6c00", "#6a1b9a", "#00838f"];
const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });

/**
 * A bar chart of a few headline figures, with the same figures as a table for screen readers and
 * tests. Rupees and counts differ by orders of magnitude, so when both appear each has its own
 * axis (otherwise the counts would be invisible next to the rupees). Fills its box up to
 * `maxWidth` x `height` (at most 500 px tall).
 */
export function StatsChart({
  title,
  bars,
  maxWidth = 800,
  height = 320,
}: {
  title: string;
  bars: Bar[];
  maxWidth?: number;
  height?: number;
}) {
  const mixed = bars.some((b) => b.money) && bars.some((b) => !b.money);
  const series = mixed
    ? [
        { id: "money", yAxisId: "money", stack: "one", label: "Rupees", data: bars.map((b) => (b.money ? b.value : null)) },
        { id: "count", yAxisId: "count", stack: "one", label: "Count", data: bars.map((b) => (b.money ? null : b.value)) },
      ]
    : [{ id: "value", yAxisId: "count", label: title, data: bars.map((b) => b.value) }];
  const yAxis = mixed
    ? [
        {
          id: "money",
          label: "Rupees",
          position: "left" as const,
          width: "auto" as const,
          valueFormatter: (v: number) => formatPKR(v, { compact: true }),
        },
        { id: "count", label: "Count", position: "right" as const, width: "auto" as const, tickMinStep: 1 },
      ]
    : [{ id: "count", width: "auto" as const, tickMinStep: 1, valueFormatter: (v: number) => compact.format(v) }];
  return (
    <Box component="figure" sx={{ m: 0, mt: 3, width: "100%", maxWidth, maxHeight: 500 }}>
      <Box component="figcaption" sx={{ typography: "h6", mb: 1 }}>
        {title}
      </Box>
      <Box aria-hidden="true">
        <BarChart
          height={Math.min(height, 500)}
          xAxis={[
            {
              scaleType: "band",
              data: bars.map((b) => b.label),
              colorMap: { type: "ordinal", values: bars.map((b) => b.label), colors: COLORS },
            },
          ]}
          yAxis={yAxis}
          series={series.map((s) => ({
            ...s,
            valueFormatter: (_v: number | null, { dataIndex }: { dataIndex: number }) => bars[dataIndex]?.shown ?? "",
          }))}
          hideLegend
          disableKeyboardNavigation
        />
      </Box>
      <ChartTable caption={title} columns={["Figure", "Value"]} rows={bars.map((b) => [b.label, b.shown])} />
    </Box>
  );
}

import Box from "@mui/material/Box";
import { BarChart } from "@mui/x-charts/BarChart";
import { ChartTable } from "./ChartTable";

type Bar = { label: string; value: number; shown: string };

/**
 * A bar chart of a few headline figures, with the same figures as a table for screen readers.
 * The chart fills its box up to `maxWidth` x `height`.
 */
export function StatsChart({ title, bars, maxWidth = 800, height = 320 }: { title: string; bars: Bar[]; maxWidth?: number; height?: number }) {
  return (
    <Box component="figure" sx={{ m: 0, mt: 3, width: "100%", maxWidth, maxHeight: 500 }}>
      <Box component="figcaption" sx={{ typography: "h6", mb: 1 }}>
        {title}
      </Box>
      <Box aria-hidden="true">
        <BarChart
          height={Math.min(height, 500)}
          xAxis={[{ scaleType: "band", data: bars.map((b) => b.label), colorMap: { type: "ordinal", colors: ["#1976d2", "#2e7d32", "#ed6c02", "#9c27b0", "#0288d1"] } }]}
          series={[{ data: bars.map((b) => b.value), label: title, valueFormatter: (_v, { dataIndex }) => bars[dataIndex]?.shown ?? "" }]}
          hideLegend
          disableKeyboardNavigation
        />
      </Box>
      <ChartTable caption={title} columns={["Figure", "Value"]} rows={bars.map((b) => [b.label, b.shown])} />
    </Box>
  );
}

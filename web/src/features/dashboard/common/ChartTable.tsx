import Box from "@mui/material/Box";
import { visuallyHidden } from "../../../components/visuallyHidden";

/**
 * The numbers behind a chart as a table that screen readers (and tests) can read; hidden from
 * sight because the chart and the cards already show them. The hiding box is a div: a table
 * grows to fit its rows whatever height it is given, and a long one made the page scroll.
 */
export function ChartTable({ caption, columns, rows }: { caption: string; columns: [string, string]; rows: Array<[string, string]> }) {
  return (
    <Box sx={visuallyHidden}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{columns[0]}</th>
            <th scope="col">{columns[1]}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Box>
  );
}

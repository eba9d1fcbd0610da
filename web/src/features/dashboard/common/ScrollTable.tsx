import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableContainer from "@mui/material/TableContainer";
import type { ReactNode } from "react";

/**
 * A table that scrolls sideways on narrow phones; the scrolling box is focusable and named so a
 * keyboard user can scroll it too.
 */
export function ScrollTable({ label, children, minWidth = 560 }: { label: string; children: ReactNode; minWidth?: number }) {
  return (
    <TableContainer component={Paper} variant="outlined" tabIndex={0} role="region" aria-label={label}>
      <Table size="small" sx={{ minWidth }} aria-label={label}>
        {children}
      </Table>
    </TableContainer>
  );
}

import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableContainer from "@mui/material/TableContainer";
import type { ReactNode } from "react";

/** Cells that only show from tablet width up (phones show the same facts elsewhere in the row). */
export const FROM_TABLET = { display: { xs: "none", sm: "table-cell" } } as const;
/** Text shown only on phones, where a column of its own is hidden. */
export const PHONE_ONLY = { display: { xs: "block", sm: "none" } } as const;

/**
 * A table that fits a phone where it can and otherwise scrolls sideways; the scrolling box is
 * focusable and named so a keyboard user can scroll it too.
 */
export function ScrollTable({ label, children, minWidth = 560 }: { label: string; children: ReactNode; minWidth?: number }) {
  return (
    <TableContainer component={Paper} variant="outlined" tabIndex={0} role="region" aria-label={label}>
      <Table size="small" aria-label={label} sx={{ minWidth: { xs: 0, sm: minWidth }, "& th, & td": { px: { xs: 1, sm: 2 } } }}>
        {children}
      </Table>
    </TableContainer>
  );
}

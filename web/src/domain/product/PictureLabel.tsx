import Box from "@mui/material/Box";
import type { SxProps, Theme } from "@mui/material/styles";
import type { ReactNode } from "react";

/**
 * A short label over a listing's picture (a discount, Sold, Reserved), `inset` pixels from the
 * named top corner, in the look of MUI's Chip (small: 24 px high; medium: 32 px). A plain span:
 * the cards are on every landing page, and Chip's code in their first load costs ~3 KB.
 */
export function PictureLabel({
  children,
  corner,
  inset,
  size = "small",
  sx,
}: {
  children: ReactNode;
  corner: "left" | "right";
  inset: number;
  size?: "small" | "medium";
  sx?: SxProps<Theme>;
}) {
  const height = size === "small" ? 24 : 32;
  return (
    <Box
      component="span"
      sx={[
        {
          position: "absolute",
          top: inset,
          [corner]: inset,
          display: "inline-flex",
          alignItems: "center",
          height,
          px: size === "small" ? 1 : 1.5,
          borderRadius: `${height / 2}px`,
          typography: "body2",
          fontSize: "0.8125rem",
          fontWeight: 700,
          whiteSpace: "nowrap",
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Box>
  );
}

import Box from "@mui/material/Box";
import { useDeferredValue, type ReactNode } from "react";

/**
 * Styles for a block that starts well below a phone's first screen: the browser leaves its layout
 * and paint until it comes near the viewport (`content-visibility: auto`), holding its place with
 * its usual height (then the height it last had). Home's layout at 4× CPU: 125–137 → 70–88 ms,
 * the main thread's whole work unchanged within its noise (docs/benchmarks-web.md). A block
 * within about half a screen of the first one gains nothing and costs an extra layout (a
 * product's reviews: 105 → 122 ms), so it is not for those. The content stays in the page:
 * found by search in page, focus and screen readers. Paint is contained: nothing may draw outside
 * the box (a shadow that spills over is cut).
 */
export const drawnWhenNear = ({ phone, desktop }: UsualHeight) => ({
  contentVisibility: "auto",
  containIntrinsicSize: { xs: `auto ${phone}px`, md: `auto ${desktop}px` },
});

/** A block's usual height in pixels on a phone and from a desktop's width up (MUI's md). */
export type UsualHeight = { phone: number; desktop: number };

/**
 * Content under the first screen, drawn in a render and commit of its own just after the first
 * screen's: a phone's main thread then styles and lays out the page in shorter tasks instead of
 * one long one. Nothing on screen moves: the content arrives below what is already drawn. With
 * `farBelow` (its usual height), it is also laid out and painted only as it nears the viewport.
 */
export function BelowTheFold({ children, farBelow }: { children: ReactNode; farBelow?: UsualHeight }) {
  const drawn = useDeferredValue(true, false);
  if (!drawn) return null;
  return farBelow ? <Box sx={drawnWhenNear(farBelow)}>{children}</Box> : <>{children}</>;
}

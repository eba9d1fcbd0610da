import { useDeferredValue, type ReactNode } from "react";

/**
 * Content under the first screen, drawn in a render and commit of its own just after the first
 * screen's: a phone's main thread then styles and lays out the page in shorter tasks instead of one
 * long one. Nothing on screen moves: the content arrives below what is already drawn.
 */
export function BelowTheFold({ children }: { children: ReactNode }) {
  const drawn = useDeferredValue(true, false);
  return drawn ? <>{children}</> : null;
}

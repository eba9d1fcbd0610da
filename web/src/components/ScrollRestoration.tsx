import { useLayoutEffect } from "react";
import { useLocation, useNavigationType } from "react-router-dom";

/** Where each visited entry of the history was scrolled to, by its location key. */
const positions = new Map<string, number>();

/**
 * A new page starts at the top (or at its #anchor); going back or forward returns to where that
 * page was left.
 */
export function ScrollRestoration() {
  const { key, hash } = useLocation();
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    const saved = positions.get(key);
    if (navigationType === "POP" && saved !== undefined) window.scrollTo(0, saved);
    else if (!hash) window.scrollTo(0, 0);
    return () => void positions.set(key, window.scrollY);
  }, [key, hash, navigationType]);
  return null;
}

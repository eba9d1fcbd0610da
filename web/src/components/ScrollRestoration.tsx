import { useLayoutEffect } from "react";
import { useLocation, useNavigationType } from "react-router-dom";

/** Where each visited entry of the history was scrolled to, by its location key. */
const positions = new Map<string, number>();

/** How long a link to an #anchor waits for the page to draw it. */
const ANCHOR_WAIT_MS = 5000;

/**
 * A new page starts at the top (or at its #anchor); going back or forward returns to where that
 * page was left.
 */
export function ScrollRestoration() {
  const { key, hash } = useLocation();
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    const saved = positions.get(key);
    let stopWaiting = () => {};
    if (navigationType === "POP" && saved !== undefined) window.scrollTo(0, saved);
    else if (hash) stopWaiting = scrollToWhenDrawn(decodeURIComponent(hash.slice(1)));
    else window.scrollTo(0, 0);
    return () => {
      stopWaiting();
      positions.set(key, window.scrollY);
    };
  }, [key, hash, navigationType]);
  return null;
}

/**
 * Scrolls to the element with this id now or as soon as the page draws it (looked for once a
 * frame): a link such as the footer's "/#blog" leads to a lazy page whose section comes after the
 * first screen. Returns what stops the looking (the reader moved on first).
 */
function scrollToWhenDrawn(id: string): () => void {
  const until = performance.now() + ANCHOR_WAIT_MS;
  let frame = 0;
  const look = () => {
    const target = document.getElementById(id);
    if (target) target.scrollIntoView();
    else if (performance.now() < until) frame = requestAnimationFrame(look);
  };
  look();
  return () => cancelAnimationFrame(frame);
}

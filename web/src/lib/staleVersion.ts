import { lazy, type ComponentType } from "react";

/**
 * A tab left on an old version after a release: the server no longer has that version's files, so
 * a page whose code the tab has not loaded yet fails to load (Vite's `vite:preloadError`). The tab
 * then moves to the newest version and reloads on the page it was going to (app/pwa/).
 */

/**
 * When the tab last moved on, and from which version (the entry file's address): a second failure
 * of the same version soon after shows the error page instead of a loop, while the version it
 * moved to may move on again at the next release.
 */
const MOVED = "unibazaar.moved-from-version";
const RETRY_AFTER_MS = 30_000;
const THIS_VERSION = import.meta.url;

let moving = false;

/** Runs `move` unless the phone is offline (the file is not gone, the network is) or this version has just tried. */
export function leaveStaleVersion(move: () => void): void {
  const [version, at] = (sessionStorage.getItem(MOVED) ?? "").split(" ");
  if (!navigator.onLine || (version === THIS_VERSION && Date.now() - Number(at) < RETRY_AFTER_MS)) return;
  sessionStorage.setItem(MOVED, `${THIS_VERSION} ${Date.now()}`);
  moving = true;
  move();
}

/**
 * A page's code. If it fails to load because this version is gone and the tab is moving on, the
 * page waits for that reload: its placeholder stays up rather than the error page.
 */
export function pageCode<T>(load: () => Promise<T>): Promise<T> {
  return load().catch((error: unknown) => {
    if (moving) return new Promise<T>(() => undefined);
    throw error;
  });
}

/**
 * A piece of the app's frame outside every page's error page (the update prompt, the notices'
 * snackbar), loaded on first use. Its code can vanish under it (a new version's worker takes over
 * and drops the old files while the piece is on its way): the piece is then left out, a missing
 * prompt in a tab that is moving on anyway, never a blank app (an error there unmounts everything).
 */
export function framePiece<P extends object>(load: () => Promise<ComponentType<P>>) {
  const nothing: ComponentType<P> = () => null;
  return lazy(() =>
    load().then(
      (piece) => ({ default: piece }),
      () => ({ default: nothing }),
    ),
  );
}

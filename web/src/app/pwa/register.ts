import { Workbox } from "workbox-window";

/**
 * Registers the service worker (src/sw.ts, built to /sw.js). When a new version has installed
 * while this tab runs on the old one, `onUpdateReady` gets the function that switches to it: the
 * new worker takes over and the page reloads on its code, so no open tab is left on a shell whose
 * files are gone.
 */
export function registerServiceWorker(onUpdateReady: (activate: () => void) => void): void {
  // no service workers here (an old browser, a private window): the app works online only
  if (!("serviceWorker" in navigator)) return;
  const worker = new Workbox("/sw.js");
  worker.addEventListener("waiting", () =>
    onUpdateReady(() => {
      worker.addEventListener("controlling", () => window.location.reload());
      worker.messageSkipWaiting();
    }),
  );
  // a refused registration (blocked by the browser or a policy) likewise leaves the app online only
  worker.register().catch(() => undefined);
}

/**
 * This version's code is gone from the server (a newer version went out while the tab was open):
 * the tab moves to the newest version. A worker already waiting, or one the browser finds when
 * asked now, takes over first, so that the reload runs the new version rather than this version's
 * shell again; without a newer one the page just reloads.
 */
export async function moveToNewestVersion(): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration().catch(() => undefined);
  if (registration) {
    const next =
      registration.waiting ??
      (await registration.update().then(
        () => registration.installing ?? registration.waiting,
        () => null,
      ));
    if (next) await takeOver(next);
  }
  window.location.reload();
}

/** Lets a new worker take over once it has installed (or given up), and waits until it controls the page. */
function takeOver(worker: ServiceWorker): Promise<void> {
  return new Promise((resolve) => {
    navigator.serviceWorker.addEventListener("controllerchange", () => resolve(), { once: true });
    const next = () => {
      // the worker's own handshake (src/sw.ts), as the update prompt's Reload sends it
      if (worker.state === "installed") worker.postMessage({ type: "SKIP_WAITING" });
      else if (worker.state === "redundant") resolve();
    };
    worker.addEventListener("statechange", next);
    next();
  });
}

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

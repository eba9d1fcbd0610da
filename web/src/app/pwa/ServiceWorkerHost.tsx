import Alert from "@mui/material/Alert";
import { Suspense, useEffect, useRef, useState } from "react";
import { ENGAGED_EVENT } from "../../lib/apollo";
import { framePiece, leaveStaleVersion } from "../../lib/staleVersion";
import { useTranslation } from "react-i18next";

// the prompts' Snackbar loads only when there is something to ask
const AppPrompts = framePiece(async () => (await import("./AppPrompts")).AppPrompts);

/** What Chrome hands a page it would let install (not yet in TypeScript's DOM types). */
type InstallPromptEvent = Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: "accepted" | "dismissed" }> };

const INSTALL_DISMISSED = "unibazaar.install-dismissed";

function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);
  return online;
}

/**
 * The installable app's side of the page: registers the service worker once the page has loaded
 * (nothing of it in the first load), offers a reload when a new version is ready (and takes it
 * when this version's code can no longer be loaded), offers to install
 * the app after the student's first save or message (never on the first screen), and says when the
 * phone is offline.
 */
export function ServiceWorkerHost() {
  const { t } = useTranslation();
  const online = useOnline();
  const [update, setUpdate] = useState<(() => void) | null>(null);
  const [engaged, setEngaged] = useState(false);
  const [installable, setInstallable] = useState(false);
  const installPrompt = useRef<InstallPromptEvent | null>(null);

  useEffect(() => {
    if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
    const start = () =>
      void import("./register").then(({ registerServiceWorker }) => registerServiceWorker((activate) => setUpdate(() => activate)));
    if (document.readyState === "complete") start();
    else window.addEventListener("load", start, { once: true });
    return () => window.removeEventListener("load", start);
  }, []);

  useEffect(() => {
    // a page's code that is no longer on the server (a new version went out while this tab was
    // open): the tab moves to the newest version instead of stopping on the error page (the move's
    // code is precached: it loads although this version's files are gone)
    const recover = () =>
      leaveStaleVersion(
        () =>
          void import("./register").then(
            ({ moveToNewestVersion }) => moveToNewestVersion(),
            () => window.location.reload(),
          ),
      );
    window.addEventListener("vite:preloadError", recover);
    return () => window.removeEventListener("vite:preloadError", recover);
  }, []);

  useEffect(() => {
    const offered = (event: Event) => {
      // kept for the right moment instead of the browser's own banner on the first screen
      event.preventDefault();
      installPrompt.current = event as InstallPromptEvent;
      setInstallable(localStorage.getItem(INSTALL_DISMISSED) === null);
    };
    const installed = () => setInstallable(false);
    const engage = () => setEngaged(true);
    window.addEventListener("beforeinstallprompt", offered);
    window.addEventListener("appinstalled", installed);
    window.addEventListener(ENGAGED_EVENT, engage);
    return () => {
      window.removeEventListener("beforeinstallprompt", offered);
      window.removeEventListener("appinstalled", installed);
      window.removeEventListener(ENGAGED_EVENT, engage);
    };
  }, []);

  const install = async () => {
    setInstallable(false);
    await installPrompt.current?.prompt();
    installPrompt.current = null;
  };
  const dismissInstall = () => {
    localStorage.setItem(INSTALL_DISMISSED, new Date().toISOString());
    setInstallable(false);
  };
  const offerInstall = engaged && installable;

  return (
    <>
      {!online && (
        <Alert
          severity="info"
          role="status"
          sx={{ position: "fixed", left: 8, right: 8, bottom: 8, zIndex: (theme) => theme.zIndex.snackbar, mx: "auto", maxWidth: 560 }}
        >
          {t("pwa.offline")}
        </Alert>
      )}
      {(update || offerInstall) && (
        <Suspense fallback={null}>
          <AppPrompts update={update} install={offerInstall ? () => void install() : null} onDismissInstall={dismissInstall} />
        </Suspense>
      )}
    </>
  );
}

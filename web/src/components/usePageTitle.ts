import { useEffect } from "react";

/** Sets the browser tab title: "<title> · UniBazaar" (or just UniBazaar). */
export function usePageTitle(title?: string | null) {
  useEffect(() => {
    document.title = title ? `${title} · UniBazaar` : "UniBazaar";
  }, [title]);
}

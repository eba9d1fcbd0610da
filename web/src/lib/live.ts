import { useSubscription } from "@apollo/client/react";
import type { TypedDocumentNode } from "@apollo/client";
import { useState } from "react";

/** Polling interval while the socket is down. */
export const FALLBACK_POLL_MS = 5_000;

/**
 * Subscribes to a live event (a subscription without variables) and calls `onData` with each one.
 * Returns the polling interval a view should use: 0 while the socket works, FALLBACK_POLL_MS once
 * it failed (the client gives up reconnecting after a few tries, see apollo.ts).
 */
export function useLiveEvents<T>(document: TypedDocumentNode<T, Record<string, never>>, onData: (data: T) => void, skip = false): number {
  const [socketFailed, setSocketFailed] = useState(false);
  useSubscription(document, {
    skip,
    onData: ({ data }) => {
      if (data.data) onData(data.data);
    },
    onError: () => setSocketFailed(true),
  });
  return socketFailed ? FALLBACK_POLL_MS : 0;
}

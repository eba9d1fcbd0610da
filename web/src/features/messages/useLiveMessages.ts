import { useState } from "react";
import type { MessageFieldsFragment } from "../../generated/graphql";
import { useMessageReceivedSubscription } from "../../generated/hooks";

/** Polling interval while the socket is down. */
export const FALLBACK_POLL_MS = 5_000;

/**
 * Calls `onMessage` for every message that arrives over the socket. Returns the polling interval
 * a page should use: 0 while the socket works, FALLBACK_POLL_MS once it failed.
 */
export function useLiveMessages(onMessage: (message: MessageFieldsFragment) => void): number {
  const [socketFailed, setSocketFailed] = useState(false);
  useMessageReceivedSubscription({
    onData: ({ data }) => {
      if (data.data) onMessage(data.data.messageReceived);
    },
    onError: () => setSocketFailed(true),
  });
  return socketFailed ? FALLBACK_POLL_MS : 0;
}

/**
 * A request that a server of the tests' own (push service, SMTP, a bucket's front) keeps unanswered
 * until the test releases it: a server that answers slowly. `arrived` resolves once the request is in.
 */
export type Hold = { arrived: Promise<void>; release: () => void };

/** The server's side of a hold: `answer` says the request arrived and runs `reply` once released. */
export type HeldRequest = Hold & { answer: (reply: () => void) => void };

export function holdRequest(): HeldRequest {
  let arrive!: () => void;
  let release!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  return {
    arrived,
    release,
    answer: (reply) => {
      arrive();
      void released.then(reply);
    },
  };
}

/** Runs `reply` at once, or once `held` (when there is one) is released. */
export function answerAfter(held: HeldRequest | undefined, reply: () => void): void {
  if (held) held.answer(reply);
  else reply();
}

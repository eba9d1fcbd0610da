import type { SessionUserFieldsFragment } from "../generated/graphql";

/**
 * What the browser keeps between visits: the user as `SessionUserFields` (session.graphql) reads it.
 * The key names (`token`, `user`, `userId`) are the ones legacy screens read, so both generations
 * of the client agree.
 */
export type StoredUser = SessionUserFieldsFragment;

const TOKEN = "token";
const USER = "user";
const USER_ID = "userId";

export function readToken(): string | null {
  return localStorage.getItem(TOKEN);
}

export function readStoredUser(): StoredUser | null {
  try {
    const raw = localStorage.getItem(USER);
    return raw ? (JSON.parse(raw) as StoredUser) : null;
  } catch {
    return null;
  }
}

export function saveSession(token: string, user: StoredUser) {
  localStorage.setItem(TOKEN, token);
  saveUser(user);
}

export function saveUser(user: StoredUser) {
  localStorage.setItem(USER, JSON.stringify(user));
  localStorage.setItem(USER_ID, user.id);
}

/** Logout forgets the token too (the old client kept it: see docs/deviations.md). */
export function clearSession() {
  localStorage.removeItem(TOKEN);
  localStorage.removeItem(USER);
  localStorage.removeItem(USER_ID);
}

const SIGNED_OUT_REASON = "signedOutReason";

/** Kept for the sign-in page when the server ended the session (suspension, new password...). */
export function saveSignedOutReason(reason: string) {
  sessionStorage.setItem(SIGNED_OUT_REASON, reason);
}

/** The reason saved by the last ended session, if any. */
export function readSignedOutReason(): string | null {
  return sessionStorage.getItem(SIGNED_OUT_REASON);
}

/** Once shown, the reason is forgotten (a later visit to the sign-in page does not repeat it). */
export function forgetSignedOutReason() {
  sessionStorage.removeItem(SIGNED_OUT_REASON);
}

import { useApolloClient } from "@apollo/client/react";
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { useLogoutMutation, useMeQuery } from "../generated/hooks";
import { SignedOutReasonDocument } from "../generated/graphql";
import { clearSession, readStoredUser, readToken, saveSession, saveSignedOutReason, saveUser, type StoredUser } from "./session";

type AuthState = {
  user: StoredUser | null;
  signIn: (token: string, user: StoredUser) => void;
  signOut: () => Promise<void>;
  updateUser: (user: StoredUser) => void;
};

const AuthContext = createContext<AuthState | null>(null);

/**
 * The signed-in user. On every page load the user is read fresh from the server (`me`), so a role
 * changed by an admin shows on the next load, and a revoked token signs the browser out.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const client = useApolloClient();
  const [user, setUser] = useState<StoredUser | null>(() => (readToken() ? readStoredUser() : null));
  const me = useMeQuery({ skip: !readToken(), fetchPolicy: "network-only" });
  const [logout] = useLogoutMutation();

  // the fresh user from the server replaces the stored one (adjusted while rendering, not in an effect)
  const fresh = me.data?.me;
  const [seenFresh, setSeenFresh] = useState(fresh);
  if (fresh && fresh !== seenFresh) {
    setSeenFresh(fresh);
    setUser(fresh);
  }

  useEffect(() => {
    if (me.data?.me) {
      saveUser(me.data.me);
    } else if (me.error && me.error.message && readToken()) {
      const unauthenticated =
        "errors" in me.error &&
        (me.error as { errors: Array<{ extensions?: { code?: string } }> }).errors.some((e) => e.extensions?.code === "UNAUTHENTICATED");
      if (unauthenticated) {
        // asked with the stale token before it is forgotten, so the sign-in page can say why
        void client
          .query({ query: SignedOutReasonDocument, fetchPolicy: "network-only" })
          .then(
            (result) => result.data?.signedOutReason ?? null,
            () => null,
          )
          .then((reason) => {
            if (reason) saveSignedOutReason(reason);
            clearSession();
            setUser(null);
          });
      }
    }
  }, [me.data, me.error, client]);

  const signIn = useCallback((token: string, next: StoredUser) => {
    saveSession(token, next);
    setUser(next);
  }, []);

  const signOut = useCallback(async () => {
    try {
      await logout();
    } catch {
      // the token may already be revoked or expired; forgetting it locally is what matters
    }
    clearSession();
    setUser(null);
    await client.clearStore();
  }, [client, logout]);

  const updateUser = useCallback((next: StoredUser) => {
    saveUser(next);
    setUser(next);
  }, []);

  const value = useMemo(() => ({ user, signIn, signOut, updateUser }), [user, signIn, signOut, updateUser]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used inside <AuthProvider>");
  return value;
}

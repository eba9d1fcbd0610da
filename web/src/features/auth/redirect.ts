const searchOf = (from: object): string => {
  const search = (from as { search?: unknown }).search;
  return typeof search === "string" ? search : "";
};

/**
 * Where to go after signing in: the page that sent the visitor to /login (location state `from`),
 * if it is a path inside this app, else home. Never back to /login or /register.
 */
export function afterLoginPath(state: unknown): string {
  const from = state && typeof state === "object" && "from" in state ? state.from : undefined;
  const path =
    typeof from === "string"
      ? from
      : from && typeof from === "object" && "pathname" in from
        ? String((from as { pathname: unknown; search?: unknown }).pathname) + searchOf(from)
        : "";
  if (!path.startsWith("/") || path.startsWith("//")) return "/";
  if (/^\/(login|register)(\/|\?|$)/.test(path)) return "/";
  return path;
}

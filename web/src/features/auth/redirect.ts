/**
 * Where to go after signing in: the page that sent the visitor to /login (location state `from`),
 * if it is a path inside this app, else home. Never back to /login or /register.
 */
export function afterLoginPath(state: unknown): string {
  const from = state && typeof state === "object" && "from" in state ? (state as { from: unknown }).from : undefined;
  const path =
    typeof from === "string"
      ? from
      : from && typeof from === "object" && "pathname" in from
        ? String((from as { pathname: unknown; search?: unknown }).pathname) + String((from as { search?: unknown }).search ?? "")
        : "";
  if (!path.startsWith("/") || path.startsWith("//")) return "/";
  if (/^\/(login|register)(\/|\?|$)/.test(path)) return "/";
  return path;
}

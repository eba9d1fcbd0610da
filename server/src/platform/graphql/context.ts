import type { Request, Response } from "express";
import type { AuthUser } from "../auth/roles";
import type { RequestLoaders, RequestServices } from "../request";

/** What every resolver receives: the caller, the services and this request's loaders (built in app/http-app.ts). */
export type Context = {
  user: AuthUser | null;
  services: RequestServices;
  loaders: RequestLoaders;
  requestId: string;
  /** Where clients reach the app (platform/http/public-url.ts): image addresses in answers start with it. */
  publicBase: string;
  ip: string;
  req: Request;
  res: Response;
};

export function bearerToken(req: Request): string | undefined {
  const header = req.headers.authorization;
  if (header?.startsWith("Bearer ")) return header.slice("Bearer ".length).trim() || undefined;
  return undefined;
}

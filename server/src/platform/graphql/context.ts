import type { Request, Response } from "express";
import type { AuthUser } from "../../modules/auth/service";
import type { Services } from "../../app/services";
import { createLoaders, type Loaders } from "../../app/loaders";

/** What every resolver receives: the caller, the services and this request's loaders. */
export type Context = {
  user: AuthUser | null;
  services: Services;
  loaders: Loaders;
  requestId: string;
  ip: string;
  req: Request;
  res: Response;
};

export function bearerToken(req: Request): string | undefined {
  const header = req.headers.authorization;
  if (header?.startsWith("Bearer ")) return header.slice("Bearer ".length).trim() || undefined;
  return undefined;
}

export async function createContext(services: Services, req: Request, res: Response): Promise<Context> {
  return {
    user: await services.auth.authenticate(bearerToken(req)),
    services,
    loaders: createLoaders(services.dataSource),
    requestId: String(req.id),
    ip: req.ip ?? "unknown",
    req,
    res,
  };
}

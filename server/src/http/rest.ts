import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Router } from "express";
import type { Logger } from "pino";
import { AppError, HTTP_STATUS } from "../shared/errors";
import type { AuthUser } from "../modules/auth/service";
import { bearerToken } from "../graphql/context";
import type { Services } from "../services";

/** Legacy clients send a bearer token or only the `token` cookie set at login. */
export const TOKEN_COOKIE = "token";

export type RestRequest = Request & { user: AuthUser | null };

/** Resolves the caller from the Authorization header, else from the login cookie. */
export const authenticateRest =
  (services: Services): RequestHandler =>
  async (req, _res, next) => {
    const token = bearerToken(req) ?? (req.cookies?.[TOKEN_COOKIE] as string | undefined);
    (req as RestRequest).user = await services.auth.authenticate(token);
    next();
  };

/** Turns any thrown error into `{message}` with the status its code maps to; never a stack trace. */
export const restErrorHandler =
  (logger: Logger): ErrorRequestHandler =>
  (error, req, res, _next) => {
    if (error instanceof AppError) {
      res.status(HTTP_STATUS[error.code]).json({ message: error.message, ...(error.fields ? { fields: error.fields } : {}) });
      return;
    }
    const status = (error as { status?: number; type?: string }).status;
    if (status === 413) {
      res.status(413).json({ message: "Request body is too large." });
      return;
    }
    if (status === 400 && (error as { type?: string }).type === "entity.parse.failed") {
      res.status(400).json({ message: "Malformed JSON body." });
      return;
    }
    if (status && status >= 400 && status < 500) {
      res.status(status).json({ message: (error as Error).message || "Bad request." });
      return;
    }
    logger.error({ err: error, requestId: req.id }, "REST error");
    res.status(500).json({ message: "Something went wrong on our side. Please try again." });
  };

/** The `/api` compatibility layer; each feature mounts its routes here. */
export function createRestRouter(services: Services, logger: Logger): Router {
  const router = express.Router();
  router.use(authenticateRest(services));
  router.use((_req, res) => {
    res.status(404).json({ message: "Not found." });
  });
  router.use(restErrorHandler(logger));
  return router;
}

import { OpenAPIRegistry, OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response, type Router } from "express";
import type { Logger } from "pino";
import { z } from "zod";
import type { AppConfig } from "../config";
import { assertRole, type AuthUser, type Role } from "../auth/roles";
import { bearerToken } from "../graphql/context";
import { publicBase } from "./public-url";
import type { RequestLoaders, RequestServices } from "../request";
import { AppError, badInput, forbidden, HTTP_STATUS } from "../shared/errors";
import { parseInput } from "../shared/validation";

/** Legacy clients send a bearer token or only the `token` cookie set at login. */
export const TOKEN_COOKIE = "token";

/** Who may call a route: anyone, any signed-in user, or signed-in users with one of the roles. */
export type Access = "public" | "signed-in" | readonly Role[];

type Method = "get" | "post" | "put" | "patch" | "delete";

/** A guarded route's handler gets the signed-in caller; only a public route's may be anonymous. */
type CallerOf<A extends Access> = A extends "public" ? AuthUser | null : AuthUser;

export type RouteContext<P, Q, B, A extends Access = Access> = {
  user: CallerOf<A>;
  params: P;
  query: Q;
  body: B;
  services: RequestServices;
  /** Per-request batch loaders (as GraphQL uses): populating a list costs one query per relation. */
  loaders: RequestLoaders;
  /** Where clients reach the app (see public-url.ts): image addresses in answers start with it. */
  publicBase: string;
  req: Request;
  res: Response;
};

/** What a handler answers: a status (default 200) and a JSON body. */
export type RouteResult = { status?: number; body: unknown };

export type RouteSpec<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, A extends Access = Access> = {
  method: Method;
  /** Express-style path below /api, e.g. `/orders/update-status/:id`. */
  path: string;
  summary: string;
  tag: string;
  /** The route's one role rule: the services behind it do not repeat it. */
  access: A;
  params?: P;
  query?: Q;
  body?: B;
  /**
   * An update (PUT, PATCH) refuses fields its body does not name (400, nothing changed), but for
   * the stored document's own fields (`_id`, `createdAt`, `updatedAt`, `__v`) and these: a client
   * that sends the document back keeps working.
   */
  echoedFields?: readonly string[];
  /** Documented answers other than the error statuses every route shares; a 413's description is its message (see restErrorHandler). */
  responses: Record<number, { description: string; schema?: z.ZodType }>;
  handler: (ctx: RouteContext<z.infer<P>, z.infer<Q>, z.infer<B>, A>) => Promise<RouteResult>;
};

/** What app/ supplies to the REST layer. */
export type RestDeps = {
  services: RequestServices;
  /** Resolves a bearer token or the login cookie to the caller (null when absent or invalid). */
  authenticate: (token: string | undefined) => Promise<AuthUser | null>;
  createLoaders: () => RequestLoaders;
  /** PUBLIC_URL; unset: each request's own protocol and host. */
  publicUrl?: string;
};

/** Fields of a stored document that an update may carry back unchanged: accepted and ignored. */
const DOCUMENT_FIELDS = ["_id", "__v", "createdAt", "updatedAt"];

/** An update naming a field the route does not know is refused whole: `{data: {...}}` used to be a 200 that changed nothing. */
function assertKnownFields(spec: RouteSpec<z.ZodType, z.ZodType, z.ZodType, Access>, body: unknown) {
  if ((spec.method !== "put" && spec.method !== "patch") || !(spec.body instanceof z.ZodObject)) return;
  if (!body || typeof body !== "object" || Array.isArray(body)) return;
  const known = spec.body.shape as Record<string, unknown>;
  const unknown = Object.keys(body).filter((key) => !(key in known) && !DOCUMENT_FIELDS.includes(key) && !spec.echoedFields?.includes(key));
  if (!unknown.length) return;
  const message = `Unknown field${unknown.length > 1 ? "s" : ""}: ${unknown.join(", ")}. Nothing was changed.`;
  throw badInput(message, Object.fromEntries(unknown.map((key) => [key, "Unknown field."])));
}

/**
 * A route's own message for a body too large (its documented 413), by path: the JSON body limit
 * refuses before any route runs. Only paths without parameters; the same for every app built.
 */
const TOO_LARGE_BY_PATH = new Map<string, string>();
/** Express matches paths case-insensitively and with or without a trailing slash. */
const routeKey = (path: string) => path.toLowerCase().replace(/\/+$/, "");

const errorBody = z.object({ message: z.string(), fields: z.record(z.string(), z.string()).optional() });

/**
 * One definition per route: the same zod schemas validate the request and describe it in
 * /api/openapi.json, so the document cannot drift from what the routes accept.
 */
export class RestApi {
  readonly registry = new OpenAPIRegistry();
  readonly router = express.Router();

  constructor(private readonly deps: RestDeps) {
    this.registry.registerComponent("securitySchemes", "bearer", { type: "http", scheme: "bearer", bearerFormat: "JWT" });
    this.registry.registerComponent("securitySchemes", "cookie", { type: "apiKey", in: "cookie", name: TOKEN_COOKIE });
  }

  route<P extends z.ZodType = z.ZodObject, Q extends z.ZodType = z.ZodObject, B extends z.ZodType = z.ZodType, A extends Access = Access>(
    spec: RouteSpec<P, Q, B, A>,
  ) {
    const { services, createLoaders } = this.deps;
    this.router[spec.method](spec.path, async (req, res, next) => {
      try {
        const user = (req as Request & { user: AuthUser | null }).user;
        const access: Access = spec.access;
        const caller = access === "public" ? user : assertRole(user, access === "signed-in" ? [] : access);
        assertKnownFields(spec, req.body);
        const result = await spec.handler({
          user: caller as CallerOf<A>,
          params: (spec.params ? parseInput(spec.params, req.params) : req.params) as z.infer<P>,
          query: (spec.query ? parseInput(spec.query, req.query) : req.query) as z.infer<Q>,
          body: (spec.body ? parseInput(spec.body, req.body ?? {}) : req.body) as z.infer<B>,
          services,
          loaders: createLoaders(),
          publicBase: publicBase(req, this.deps.publicUrl),
          req,
          res,
        });
        res.status(result.status ?? 200).json(result.body);
      } catch (error) {
        next(error);
      }
    });
    if (spec.responses[413] && !spec.path.includes(":"))
      TOO_LARGE_BY_PATH.set(routeKey(`/api${spec.path}`), spec.responses[413].description);
    this.document(spec);
  }

  private document(spec: RouteSpec<z.ZodType, z.ZodType, z.ZodType, Access>) {
    const shared: Record<number, string> = { 400: "Bad input", 500: "Server fault" };
    if (spec.access !== "public")
      Object.assign(shared, { 401: "No or bad token", ...(spec.access !== "signed-in" ? { 403: "Wrong role or not the owner" } : {}) });
    const responses: Record<string, { description: string; content?: Record<string, { schema: z.ZodType }> }> = {};
    for (const [status, description] of Object.entries(shared))
      responses[status] = { description, content: { "application/json": { schema: errorBody } } };
    for (const [status, answer] of Object.entries(spec.responses)) {
      responses[status] = {
        description: answer.description,
        ...(answer.schema ? { content: { "application/json": { schema: answer.schema } } } : {}),
      };
    }
    const roles = Array.isArray(spec.access) ? ` Roles: ${spec.access.join(", ")}.` : spec.access === "signed-in" ? " Signed in." : "";
    this.registry.registerPath({
      method: spec.method,
      path: `/api${spec.path.replace(/:(\w+)/g, "{$1}")}`,
      summary: spec.summary,
      description: `${spec.summary}${roles}`,
      tags: [spec.tag],
      ...(spec.access !== "public" ? { security: [{ bearer: [] }, { cookie: [] }] } : {}),
      request: {
        ...(spec.params ? { params: spec.params as never } : {}),
        ...(spec.query ? { query: spec.query as never } : {}),
        ...(spec.body ? { body: { content: { "application/json": { schema: spec.body } } } } : {}),
      },
      responses,
    });
  }

  openApiDocument() {
    return new OpenApiGeneratorV31(this.registry.definitions).generateDocument({
      openapi: "3.1.0",
      info: {
        title: "UniBazaar legacy REST API",
        version: "1.0.0",
        description: "Compatibility layer over the same services as /graphql.",
      },
      servers: [{ url: "/" }],
    });
  }
}

/**
 * Resolves the caller from the Authorization header, else from the login cookie. A bearer that
 * names nobody falls back to the cookie: a legacy client signed in by register's cookie still sends
 * `Bearer null` from its empty token storage.
 */
const authenticate =
  (resolveCaller: RestDeps["authenticate"]): RequestHandler =>
  async (req, _res, next) => {
    try {
      const bearer = bearerToken(req);
      const cookie = req.cookies?.[TOKEN_COOKIE] as string | undefined;
      const request = req as Request & { user: AuthUser | null; viaCookie: boolean };
      const byBearer = bearer ? await resolveCaller(bearer) : null;
      request.user = byBearer ?? (cookie ? await resolveCaller(cookie) : null);
      request.viaCookie = !byBearer && Boolean(request.user);
      next();
    } catch (error) {
      next(error);
    }
  };

/** The origin of a Referer header; a malformed one names no origin we allow (refused below, never a 500). */
function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  return URL.canParse(referer) ? new URL(referer).origin : "null";
}

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Writes take JSON only (a form post cannot forge one), and a write authenticated by the cookie
 * must come from an allowed origin: together they stop cross-site request forgery.
 */
const guardWrites =
  (allowedOrigins: readonly string[]): RequestHandler =>
  (req, _res, next) => {
    if (!WRITE_METHODS.has(req.method)) return next();
    const hasBody = Number(req.headers["content-length"] ?? 0) > 0 || req.headers["transfer-encoding"] !== undefined;
    if (hasBody && !req.is("application/json"))
      return next(new AppError("BAD_USER_INPUT", "Send the request body as JSON (Content-Type: application/json)."));
    if ((req as Request & { viaCookie?: boolean }).viaCookie) {
      const origin = req.headers.origin ?? refererOrigin(req.headers.referer);
      const own = `${req.protocol}://${req.headers.host}`;
      if (origin && origin !== own && !allowedOrigins.includes(origin)) return next(forbidden("Cross-site request refused."));
    }
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
    const { status, type } = error as { status?: number; type?: string };
    if (status === 413) {
      res.status(413).json({ message: TOO_LARGE_BY_PATH.get(routeKey(req.originalUrl.split("?")[0])) ?? "Request body is too large." });
      return;
    }
    if (type === "entity.parse.failed") {
      res.status(400).json({ message: "Malformed JSON body." });
      return;
    }
    if (status === 404) {
      // e.g. a missing upload: express.static's message would show the file's absolute path
      res.status(404).json({ message: "Not found." });
      return;
    }
    if (status && status >= 400 && status < 500) {
      res.status(status).json({ message: (error as Error).message || "Bad request." });
      return;
    }
    logger.error({ err: error, requestId: req.id }, "REST error");
    res.status(500).json({ message: "Something went wrong on our side. Please try again." });
  };

/** The `/api` compatibility layer: each feature registers its routes on the RestApi. */
export function createRestRouter(deps: RestDeps, config: AppConfig, logger: Logger, registerRoutes: Array<(api: RestApi) => void>): Router {
  const api = new RestApi(deps);
  for (const register of registerRoutes) register(api);
  const document = api.openApiDocument();

  const router = express.Router();
  router.get("/openapi.json", (_req, res) => {
    res.json(document);
  });
  router.use(authenticate(deps.authenticate), guardWrites(config.corsOrigins));
  router.use(api.router);
  router.use((_req, res) => {
    res.status(404).json({ message: "Not found." });
  });
  router.use(restErrorHandler(logger));
  return router;
}

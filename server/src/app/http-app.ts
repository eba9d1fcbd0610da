import compression from "compression";
import cookieParser from "cookie-parser";
import cors from "cors";
import express, { type Express, type Request, type Response } from "express";
import helmet from "helmet";
import type { IncomingMessage, ServerResponse } from "node:http";
import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import { pinoHttp } from "pino-http";
import type { DataSource } from "typeorm";
import type { AppConfig } from "../platform/config";
import { bearerToken, type Context } from "../platform/graphql/context";
import { graphqlHandler } from "../platform/graphql/http-handler";
import { PublicAnswers } from "../platform/graphql/public-answers";
import { createApolloServer } from "../platform/graphql/server";
import { connectionToken } from "../platform/graphql/subscriptions";
import { refuseUnsafeInput } from "../platform/http/null-bytes";
import { publicBase, serveUploadsFrom, varyOnPublicBase } from "../platform/http/public-url";
import { PUBLIC_MAX_AGE_SECONDS, publicCaching } from "../platform/http/public-caching";
import type { Services } from "./services";
import { createPayPageRouter } from "../modules/orders";
import {
  createProviders,
  createWalletPaymentRouter,
  createWalletSimulatorRouter,
  walletCheckoutOrigins,
} from "../modules/payment-providers";
import { CATALOG_CACHE } from "../modules/products";
import type { ImageWidth } from "../modules/uploads";
import { createRestRouter, restErrorHandler } from "../platform/http/rest";
import { serveFromStorage } from "../platform/http/stored-files";
import { createOutboxRouter } from "../platform/http/dev-outbox";
import { createCrawlerRouter } from "./crawlers";
import { createLoaders } from "./loaders";
import { restRoutes } from "./rest-routes";
import { pageScriptSources, serveWebApp } from "./web-app";
import { buildAppSchema } from "./schema";
import { PUBLIC_QUERY_FIELDS } from "./public-query-fields";
import { ROOT_FIELD_COSTS } from "./root-field-costs";

/** A 5 MB image as a data-URL is about 6.7 MB of JSON. */
export const JSON_BODY_LIMIT = "8mb";

export type HttpApp = { app: Express; stop: () => Promise<void> };

export async function createHttpApp(deps: {
  config: AppConfig;
  dataSource: DataSource;
  services: Services;
  logger: Logger;
  /** True once shutdown has begun: /ready then answers 503 so load balancers stop sending here. */
  stopping?: () => boolean;
}): Promise<HttpApp> {
  const { config, services, logger } = deps;
  serveUploadsFrom(config.s3?.publicUrl);
  const app = express();
  app.disable("x-powered-by");
  // which proxies' X-Forwarded-For/-Proto/-Host are believed: rate limits key on the client address,
  // and without PUBLIC_URL image addresses are built from the forwarded protocol and host
  app.set("trust proxy", config.trustProxy);

  // answered from state kept up to date in the background (services.health): no query, no Redis
  // round trip, so it stays within a load balancer's check timeout on a busy machine. 503 while
  // stopping or when the database has not answered lately; `degraded` (200) while Redis does not
  // answer, since every request is still served. The detailed report is the admins' systemStatus
  // query. It comes before every middleware (request log, security headers, compression): a probe
  // is asked every few seconds by every load balancer and needs none of them
  app.get("/ready", (_req, res) => {
    if (deps.stopping?.()) {
      res.status(503).json({ status: "stopping" });
      return;
    }
    const readiness = services.health.readiness();
    res.status(readiness.status === "database unreachable" ? 503 : 200).json(readiness);
  });

  const requestId = (req: IncomingMessage, res: ServerResponse) => {
    const id = (req.headers["x-request-id"] as string | undefined)?.slice(0, 100) || randomUUID();
    res.setHeader("X-Request-Id", id);
    return id;
  };
  // pino-http writes one info line per request. It builds each request's logger (the request and
  // its headers serialised) up front, over a quarter of a cached answer's cost: below info level
  // there is no line to write, so requests get their id and the app's logger instead
  app.use(
    logger.isLevelEnabled("info")
      ? pinoHttp({ logger, genReqId: requestId, autoLogging: { ignore: (req) => req.url === "/health" } })
      : (req: Request, res: Response, next: () => void) => {
          req.id = requestId(req, res);
          req.log = logger;
          next();
        },
  );
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          "default-src": ["'self'"],
          "script-src": ["'self'", ...pageScriptSources()],
          // PUBLIC_URL and S3_PUBLIC_URL may be other origins (a CDN or proxy host): image addresses start with them
          "img-src": [
            "'self'",
            "data:",
            "blob:",
            ...[config.publicUrl, config.s3?.publicUrl].flatMap((url) => (url ? [new URL(url).origin] : [])),
          ],
          "style-src": ["'self'", "'unsafe-inline'"],
          "font-src": ["'self'", "data:"],
          "worker-src": ["'self'", "blob:"],
          "connect-src": ["'self'"],
          // the wallet hand-off posts the signed request to the configured hosted checkouts
          "form-action": ["'self'", ...walletCheckoutOrigins(config)],
          // over plain http (a phone on the campus network opening http://<laptop-ip>:4000) the
          // upgrade would break every asset; behind TLS in production it stays on
          "upgrade-insecure-requests": config.nodeEnv === "production" ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );

  // students are mostly on phones and mobile data: gzip every text answer (JS bundles, JSON). A
  // client that takes no compression (legacy clients, scripts) is spared the middleware's wrapping
  // of the response, a seventh of a cached answer's cost; the answer still varies on the header
  const compress = compression();
  app.use((req, res, next) => {
    if (req.headers["accept-encoding"]) return compress(req, res, next);
    res.vary("Accept-Encoding");
    next();
  });

  app.get("/health", (_req, res) => {
    res.json({ status: "ok" });
  });
  // a width for the web app's srcset, made on first request for uploads stored before the widths existed
  app.get(/^\/uploads\/([0-9a-f]{64})-w(200|400|800)\.webp$/, async (req, _res, next) => {
    try {
      const [hash, width] = [req.params[0], Number(req.params[1]) as ImageWidth];
      await services.uploads.ensureVariant(hash, width);
      next();
    } catch (error) {
      next(error);
    }
  });
  // content-addressed (named by their hash), so cached for a year; cross-origin: legacy clients on
  // their own origin and mobile apps put these addresses straight into <img src>
  const uploadHeaders = (res: Response) => res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
  app.use(
    "/uploads",
    config.s3
      ? serveFromStorage(services.storage, "uploads", uploadHeaders)
      : express.static(config.uploadsDir, { immutable: true, maxAge: "365d", index: false, fallthrough: false, setHeaders: uploadHeaders }),
  );

  // every answer below may name the app's own address
  app.use(varyOnPublicBase(config.publicUrl));
  const corsForOrigins = cors({ origin: config.corsOrigins, credentials: true });
  // kept as long as a browser may keep them, and dropped with the catalogue's other answers
  const publicAnswers = new PublicAnswers({
    cache: services.cache,
    namespace: CATALOG_CACHE,
    ttlSeconds: PUBLIC_MAX_AGE_SECONDS,
    publicFields: PUBLIC_QUERY_FIELDS,
  });
  const apollo = createApolloServer({
    schema: buildAppSchema(),
    logger,
    introspection: config.introspection,
    persistedQueries: services.cache.persistedQueries,
    rootFieldCosts: ROOT_FIELD_COSTS,
    plugins: [publicAnswers.plugin],
  });
  await apollo.start();
  app.use(
    "/graphql",
    corsForOrigins,
    publicCaching(),
    express.json({ limit: JSON_BODY_LIMIT }),
    refuseUnsafeInput((res, message) => {
      res.status(400).json({ errors: [{ message, extensions: { code: "BAD_USER_INPUT" } }] });
    }),
    graphqlHandler(apollo, {
      context: (req, res) => createContext(services, config, req, res),
      publicAnswers,
      publicBase: (req) => publicBase(req, config.publicUrl),
    }),
  );

  app.use(
    "/api",
    corsForOrigins,
    publicCaching(),
    cookieParser(),
    express.json({ limit: JSON_BODY_LIMIT }),
    refuseUnsafeInput((res, message) => {
      res.status(400).json({ message });
    }),
    createRestRouter(
      {
        services,
        authenticate: (token) => services.auth.authenticate(token),
        createLoaders: () => createLoaders(services.dataSource),
        publicUrl: config.publicUrl,
      },
      config,
      logger,
      restRoutes(config),
    ),
  );

  // the payment page (Checkout.paymentUrl), the wallets' callbacks and simulators, before the web app's catch-all route
  app.use(createPayPageRouter(services));
  app.use(createWalletPaymentRouter(services));
  // the wallets' simulators only while the payment sandbox is on (never in production unless PAYMENTS_SANDBOX=true)
  const { simulated } = createProviders(config, services.paymentProviders.bank);
  app.use(createWalletSimulatorRouter(simulated, services.paymentProviders.bank, () => services.clock.now()));
  app.use(createCrawlerRouter(services, config.publicUrl));
  // mails written to DATA_DIR/outbox when no SMTP_URL is set, readable outside production (from this machine or by an admin)
  if (config.nodeEnv !== "production") app.use(createOutboxRouter(config.outboxDir, (token) => services.auth.authenticate(token)));

  serveWebApp(app, { playground: config.playground, imagesFrom: config.s3?.publicUrl });
  // body-parser failures (malformed JSON, too large) happen before the routers: answer them as JSON too
  app.use(restErrorHandler(logger));
  return { app, stop: () => apollo.stop() };
}

/** What every resolver receives: the caller, the services and this request's loaders. */
async function createContext(services: Services, config: AppConfig, req: Request, res: Response): Promise<Context> {
  return {
    user: await services.auth.authenticate(bearerToken(req)),
    services,
    loaders: createLoaders(services.dataSource),
    // eslint-disable-next-line @typescript-eslint/no-base-to-string -- genReqId above always sets a string
    requestId: String(req.id),
    ip: req.ip ?? "unknown",
    publicBase: publicBase(req, config.publicUrl),
    req,
    res,
  };
}

/**
 * The client address of a WebSocket's upgrade request, derived as Express derives `req.ip` (through
 * the proxies named in TRUST_PROXY), so socket limits count clients, not the load balancer.
 */
export function upgradeClientAddress(app: Express, request: IncomingMessage): string {
  const asExpress = Object.create(app.request, { headers: { value: request.headers }, socket: { value: request.socket } }) as Request;
  return asExpress.ip ?? "unknown";
}

/**
 * A subscription's context: the caller from the socket's connection params (the same token as the
 * HTTP header). Only subscriptions run over the socket, and none writes a response, hence no `res`.
 */
export async function createSocketContext(
  services: Services,
  config: AppConfig,
  connectionParams: Readonly<Record<string, unknown>> | undefined,
  request: IncomingMessage,
): Promise<Context> {
  return {
    user: await services.auth.authenticate(connectionToken(connectionParams)),
    services,
    loaders: createLoaders(services.dataSource),
    requestId: randomUUID(),
    ip: request.socket.remoteAddress ?? "unknown",
    // the socket's upgrade request is no Express request: PUBLIC_URL, else the host it was sent to
    publicBase: config.publicUrl ?? `http://${request.headers.host ?? "localhost"}`,
    req: request as Request,
    res: undefined as unknown as Response,
  };
}

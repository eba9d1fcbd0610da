import path from "node:path";
import { z } from "zod";
import { keptSecret, keptVapidKeys } from "./shared/kept-secret";

const booleanFlag = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

const DEVELOPMENT_ORIGINS = ["http://localhost:4000", "http://localhost:5173"];

/** The environment variables the server reads, each with its rule and default (the README's table lists the same). */
export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  HOST: z.string().trim().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  // read replicas of DATABASE_URL for the catalogue's reads, comma-separated
  DATABASE_REPLICA_URLS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? "")
        .split(",")
        .map((u) => u.trim())
        .filter(Boolean),
    )
    .refine((urls) => urls.every((u) => /^postgres(ql)?:\/\/[^\s]+$/.test(u)), "must be comma-separated postgres:// or postgresql:// URLs"),
  DATABASE_REPLICA_MAX_LAG_MS: z.coerce.number().int().min(100).max(60_000).default(2_000),
  // where searches are answered: this process's index of the listings' words, or the database alone
  SEARCH_INDEX: z.enum(["memory", "database"], { message: "must be memory or database" }).default("memory"),
  DATA_DIR: z.string().min(1).default("./.data"),
  JWT_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  JWT_EXPIRES_IN: z
    .string()
    .regex(/^\d+[smhd]$/, "must look like 15m, 12h or 7d")
    .default("7d"),
  CORS_ORIGINS: z
    .string()
    .optional()
    .transform((v) =>
      v
        ?.split(",")
        .map((o) => o.trim())
        .filter(Boolean),
    ),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: "must be an http(s) URL such as https://unibazaar.pk" })
    .transform((v) => new URL(v).origin + new URL(v).pathname.replace(/\/+$/, ""))
    .optional(),
  // Express "trust proxy": hop count, or addresses/subnets/names (loopback, uniquelocal) of the proxies
  TRUST_PROXY: z
    .string()
    .trim()
    .min(1)
    .default("loopback")
    .transform((v) => (/^\d+$/.test(v) ? Number(v) : v)),
  GRAPHQL_INTROSPECTION: booleanFlag.optional(),
  GRAPHQL_PLAYGROUND: booleanFlag.optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
  DEMO_DATA: booleanFlag.optional(),
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL")
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, "must be an smtp:// or smtps:// URL, e.g. smtp://user:password@mail.example.pk:587")
    .optional(),
  MAIL_FROM: z.string().trim().min(3).max(200).default("UniBazaar <no-reply@unibazaar.pk>"),
  REQUIRE_VERIFIED_SELLERS: booleanFlag.default(false),
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).optional(),
  JOB_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  REQUIRE_VERIFIED_BUYERS: booleanFlag.default(false),
  MASK_CHAT_PHONES: booleanFlag.default(true),
  S3_BUCKET: z.string().trim().min(1).optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: "must be an http(s) URL such as http://minio:9000" }).optional(),
  S3_REGION: z.string().trim().min(1).default("us-east-1"),
  S3_PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: "must be an http(s) URL such as https://cdn.unibazaar.pk" })
    .transform((v) => v.replace(/\/+$/, ""))
    .optional(),
  // Web Push (VAPID, RFC 8292): the key pair that signs every push, URL-safe base64 as web-push prints it
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, "must be the URL-safe base64 of an uncompressed P-256 public key (`npx web-push generate-vapid-keys`)")
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, "must be the URL-safe base64 of a P-256 private key (`npx web-push generate-vapid-keys`)")
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, "must be a mailto: or https: contact for the push services, e.g. mailto:ops@unibazaar.pk")
    .default("mailto:ops@unibazaar.pk"),
  // host names (as written in the endpoint) a push may go to although they are not on the internet: tests' own push service
  PUSH_PRIVATE_HOSTS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? "")
        .split(",")
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    ),
  UNPAID_ORDER_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  PLATFORM_FEE_PERCENT: z.coerce
    .number()
    .min(0, "must be between 0 and 50")
    .max(50, "must be between 0 and 50")
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-9, "may have at most 2 decimals")
    .default(0),
  // wallet providers: each set goes together; without one, that wallet's built-in simulator is used
  JAZZCASH_MERCHANT_ID: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,20}$/, "must be the merchant id JazzCash issued (letters and digits)")
    .optional(),
  JAZZCASH_PASSWORD: z.string().trim().min(1).max(64).optional(),
  JAZZCASH_INTEGRITY_SALT: z.string().trim().min(1).max(64).optional(),
  JAZZCASH_CHECKOUT_URL: z
    .url({ protocol: /^https$/, error: "must be an https URL (JazzCash's hosted checkout, merchantform)" })
    .default("https://sandbox.jazzcash.com.pk/CustomerPortal/transactionmanagement/merchantform/"),
  // the merchant MPIN signs JazzCash's mobile-wallet refunds: a live account is refused without it
  JAZZCASH_MERCHANT_MPIN: z
    .string()
    .trim()
    .regex(/^\d{4,6}$/, "must be the merchant MPIN JazzCash issued (4 to 6 digits)")
    .optional(),
  JAZZCASH_INQUIRY_URL: z
    .url({ protocol: /^https$/, error: "must be an https URL (JazzCash's status inquiry, PaymentInquiry/Inquire)" })
    .default("https://sandbox.jazzcash.com.pk/ApplicationAPI/API/PaymentInquiry/Inquire"),
  JAZZCASH_REFUND_URL: z
    .url({ protocol: /^https$/, error: "must be an https URL (JazzCash's mobile-wallet refund, domwalletrefundtransaction)" })
    .default("https://sandbox.jazzcash.com.pk/ApplicationAPI/API/Purchase/domwalletrefundtransaction"),
  EASYPAISA_STORE_ID: z
    .string()
    .trim()
    .regex(/^\d{1,12}$/, "must be the numeric store id from the Easypaisa merchant portal")
    .optional(),
  EASYPAISA_HASH_KEY: z.string().trim().length(16, "must be the 16-character hash key from the Easypaisa merchant portal").optional(),
  EASYPAISA_CHECKOUT_URL: z
    .url({ protocol: /^https$/, error: "must be an https URL (Easypaisa's hosted checkout, Index.jsf)" })
    .default("https://easypaystg.easypaisa.com.pk/easypay/Index.jsf"),
  // the simulators and the card sandbox: on outside production, off in production unless set to true
  PAYMENTS_SANDBOX: booleanFlag.optional(),
});

/** The rules across variables: the bucket's options need the bucket; production needs its own secret; VAPID keys come in pairs. */
const acrossVariables = (e: z.output<typeof envSchema>, ctx: z.RefinementCtx) => {
  if ((e.S3_ENDPOINT || e.S3_PUBLIC_URL) && !e.S3_BUCKET)
    ctx.addIssue({ code: "custom", path: ["S3_BUCKET"], message: "is required when S3_ENDPOINT or S3_PUBLIC_URL is set" });
  if (e.NODE_ENV === "production" && !e.JWT_SECRET)
    ctx.addIssue({ code: "custom", path: ["JWT_SECRET"], message: "is required when NODE_ENV=production" });
  // payment providers send buyers back to, and are told of payments at, addresses built from it alone
  if (e.NODE_ENV === "production" && !e.PUBLIC_URL)
    ctx.addIssue({
      code: "custom",
      path: ["PUBLIC_URL"],
      message: "is required when NODE_ENV=production (payment return addresses are built from it)",
    });
  if (e.JAZZCASH_MERCHANT_ID && e.JAZZCASH_PASSWORD && e.JAZZCASH_INTEGRITY_SALT && !e.JAZZCASH_MERCHANT_MPIN)
    ctx.addIssue({
      code: "custom",
      path: ["JAZZCASH_MERCHANT_MPIN"],
      message: "is required with a JazzCash merchant account: refunds are signed with it",
    });
  if (e.EASYPAISA_STORE_ID)
    ctx.addIssue({
      code: "custom",
      path: ["EASYPAISA_STORE_ID"],
      message:
        "cannot be used yet: Easypaisa publishes no refund API this app can call, and a live provider must refund through its own API",
    });
  if (e.NODE_ENV === "production" && e.PUSH_PRIVATE_HOSTS.length)
    ctx.addIssue({
      code: "custom",
      path: ["PUSH_PRIVATE_HOSTS"],
      message: "is for tests and development only, never with NODE_ENV=production",
    });
  if (e.DATABASE_REPLICA_URLS.length && !e.DATABASE_URL)
    ctx.addIssue({ code: "custom", path: ["DATABASE_REPLICA_URLS"], message: "needs DATABASE_URL (the primary they replicate)" });
  if (e.DATABASE_REPLICA_URLS.length && !e.DATABASE_URL)
    ctx.addIssue({ code: "custom", path: ["DATABASE_REPLICA_URLS"], message: "needs DATABASE_URL (the primary they replicate)" });
  if (!e.VAPID_PUBLIC_KEY !== !e.VAPID_PRIVATE_KEY)
    ctx.addIssue({ code: "custom", path: ["VAPID_PUBLIC_KEY"], message: "and VAPID_PRIVATE_KEY are set together or not at all" });
};

/** The environment as the app reads it: defaults that depend on NODE_ENV, paths under DATA_DIR. */
const configSchema = envSchema.superRefine(acrossVariables).transform((e) => {
  const dataDir = path.resolve(e.DATA_DIR);
  const isProduction = e.NODE_ENV === "production";
  const jazzcash = allOrNone("JAZZCASH_MERCHANT_ID, JAZZCASH_PASSWORD and JAZZCASH_INTEGRITY_SALT", [
    e.JAZZCASH_MERCHANT_ID,
    e.JAZZCASH_PASSWORD,
    e.JAZZCASH_INTEGRITY_SALT,
  ]);
  const easypaisa = allOrNone("EASYPAISA_STORE_ID and EASYPAISA_HASH_KEY", [e.EASYPAISA_STORE_ID, e.EASYPAISA_HASH_KEY]);
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    /** The address the HTTP server binds; undefined is every interface. */
    // outside production only this machine reaches the server unless HOST says otherwise
    host: e.HOST ?? (isProduction ? undefined : "127.0.0.1"),
    databaseUrl: e.DATABASE_URL,
    /**
     * Read replicas of the primary: the catalogue's reads go to one at most `maxLagMs` behind, else
     * to the primary; empty without DATABASE_REPLICA_URLS.
     */
    replicas: { urls: e.DATABASE_REPLICA_URLS, maxLagMs: e.DATABASE_REPLICA_MAX_LAG_MS },
    /** Searches answered from this process's index of the listings' words (products/search-index.ts); false: by the database's statement alone. */
    searchInMemory: e.SEARCH_INDEX === "memory",
    dataDir,
    uploadsDir: path.join(dataDir, "uploads"),
    jwtSecret: e.JWT_SECRET ?? developmentSecret(dataDir),
    jwtExpiresIn: e.JWT_EXPIRES_IN,
    // production trusts only its own origin by default: a local page must never carry a user's cookie there
    corsOrigins: e.CORS_ORIGINS ?? (isProduction ? (e.PUBLIC_URL ? [new URL(e.PUBLIC_URL).origin] : []) : DEVELOPMENT_ORIGINS),
    /** Where clients reach the app (no trailing slash); image addresses in answers start with it. Unset: taken from each request. */
    publicUrl: e.PUBLIC_URL,
    /** Which proxies' X-Forwarded-* headers are believed (client address, protocol and host). */
    trustProxy: e.TRUST_PROXY,
    introspection: e.GRAPHQL_INTROSPECTION ?? !isProduction,
    // opt-in in production: the playground advertises the API to anyone who finds it
    playground: e.GRAPHQL_PLAYGROUND ?? !isProduction,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === "test" ? "silent" : "info"),
    demoData: e.DEMO_DATA ?? !isProduction,
    /** Server processes on the one port (node's cluster); 1 runs the server in this process. */
    webConcurrency: e.WEB_CONCURRENCY,
    /**
     * Redis for what every server process must share: the cache (public reads, persisted queries) and
     * live events (subscriptions); without it, both stay in this process.
     */
    redisUrl: e.REDIS_URL,
    /** SMTP server for account mail; without it each mail is written to `outboxDir` as an .eml file. */
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    outboxDir: path.join(dataDir, "outbox"),
    /** Marketplace settings: only verified students may list products / place orders. */
    requireVerifiedSellers: e.REQUIRE_VERIFIED_SELLERS,
    requireVerifiedBuyers: e.REQUIRE_VERIFIED_BUYERS,
    /**
     * On SIGTERM, how long the server keeps answering (with /ready at 503 and `Connection: close`)
     * before it stops accepting, so a load balancer takes it out first without a refused request.
     */
    // behind a load balancer in production; elsewhere Ctrl+C should not wait
    shutdownDelayMs: e.SHUTDOWN_DELAY_MS ?? (isProduction ? 5_000 : 0),
    /** Chat: phone numbers are masked for the recipient until the two have an order together. */
    maskChatPhones: e.MASK_CHAT_PHONES,
    /** A job still running after this long is taken for dead (its process crashed) and tried again. */
    jobTimeoutSeconds: e.JOB_TIMEOUT_SECONDS,
    /**
     * Web Push: the VAPID key pair and contact, from VAPID_*; outside production generated once into
     * DATA_DIR when unset; undefined (no push) in production without them (each machine would sign
     * with keys of its own).
     */
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT }
        : isProduction
          ? undefined
          : { ...keptVapidKeys(path.join(dataDir, "vapid-keys.json")), subject: e.VAPID_SUBJECT },
    /** Push endpoints may be plain http (a local push service in tests and development); production requires https. */
    allowHttpPushEndpoints: !isProduction,
    /**
     * Pushes go only to public internet addresses, checked on the address connected to; these host
     * names are let through to private ones (a push service on this machine in tests; never production).
     */
    pushPrivateHosts: e.PUSH_PRIVATE_HOSTS,
    /** An online (card or wallet) order still unpaid this long after its checkout is cancelled and its units go back on sale. */
    unpaidOrderMinutes: e.UNPAID_ORDER_MINUTES,
    /** The platform's fee on each payment released to a seller, in basis points (1 % = 100); 0 by default. */
    platformFeeBasisPoints: Math.round(e.PLATFORM_FEE_PERCENT * 100),
    /**
     * Uploaded pictures in an S3-compatible bucket (shared by every machine) instead of DATA_DIR/uploads;
     * `publicUrl`: a CDN in front of the bucket, which image addresses then name.
     */
    s3: e.S3_BUCKET ? { bucket: e.S3_BUCKET, region: e.S3_REGION, endpoint: e.S3_ENDPOINT, publicUrl: e.S3_PUBLIC_URL } : undefined,
    /** Wallet merchant accounts; an absent one is served by its built-in simulator. */
    jazzcash: jazzcash
      ? {
          merchantId: jazzcash[0],
          password: jazzcash[1],
          integritySalt: jazzcash[2],
          merchantMpin: e.JAZZCASH_MERCHANT_MPIN ?? "",
          checkoutUrl: e.JAZZCASH_CHECKOUT_URL,
          inquiryUrl: e.JAZZCASH_INQUIRY_URL,
          refundUrl: e.JAZZCASH_REFUND_URL,
        }
      : undefined,
    /**
     * Pretend money: the wallets' simulators (for wallets with no merchant account) and the card
     * sandbox. On outside production; in production only with PAYMENTS_SANDBOX=true, and then its
     * payments are test money that is never paid out.
     */
    paymentsSandbox: e.PAYMENTS_SANDBOX ?? !isProduction,
    /** Whether test money may be paid out to sellers: only outside production, where no payout moves real money. */
    testMoneyPayouts: !isProduction,
    easypaisa: easypaisa ? { storeId: easypaisa[0], hashKey: easypaisa[1], checkoutUrl: e.EASYPAISA_CHECKOUT_URL } : undefined,
  };
});

/** A setting that may be undefined may also be left out (as in a test's hand-made config). */
type OptionalWhenUndefined<T> = { [K in keyof T as undefined extends T[K] ? K : never]?: T[K] } & {
  [K in keyof T as undefined extends T[K] ? never : K]: T[K];
};

/** The configuration the app runs with: the output of its schema, so the two cannot drift. */
export type AppConfig = OptionalWhenUndefined<z.output<typeof configSchema>>;
/** A JazzCash merchant account (JAZZCASH_*): its hosted checkout signs with the integrity salt. */
export type JazzCashAccount = NonNullable<AppConfig["jazzcash"]>;
/** An Easypaisa store (EASYPAISA_*): its hosted checkout's requests are hashed with the store's hash key. */
export type EasypaisaAccount = NonNullable<AppConfig["easypaisa"]>;

export class ConfigError extends Error {}

/** Reads and validates the environment once; a bad value fails with one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid configuration: ${issue.path.join(".")} ${issue.message}`);
  }
  return parsed.data;
}

/** The values when every one is set, undefined when none is; a partial set is a configuration error. */
function allOrNone(names: string, values: Array<string | undefined>): string[] | undefined {
  const set = values.filter((v): v is string => v !== undefined);
  if (set.length === 0) return undefined;
  if (set.length < values.length) throw new ConfigError(`Invalid configuration: ${names} must be set together`);
  return set;
}

/** Outside production the secret is generated once and kept in DATA_DIR, so tokens survive restarts. */
function developmentSecret(dataDir: string): string {
  return keptSecret(path.join(dataDir, "jwt-secret"));
}

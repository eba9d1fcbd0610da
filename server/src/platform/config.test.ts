import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, envSchema, loadConfig } from "./config";

const dataDir = () => mkdtempSync(path.join(tmpdir(), "ub-config-"));

describe("loadConfig", () => {
  it("uses the documented defaults", () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({ port: 4000, nodeEnv: "development", databaseUrl: undefined, uploadsDir: path.join(dir, "uploads") });
    expect(config).toMatchObject({ webConcurrency: 1, redisUrl: undefined });
    // no SMTP: mail goes to DATA_DIR/outbox; anyone may sell and buy
    expect(config).toMatchObject({
      smtpUrl: undefined,
      outboxDir: path.join(dir, "outbox"),
      mailFrom: "UniBazaar <no-reply@unibazaar.pk>",
    });
    expect(config).toMatchObject({ requireVerifiedSellers: false, requireVerifiedBuyers: false });
    expect(config.corsOrigins).toContain("http://localhost:4000");
  });

  it("binds to loopback outside production, to every interface in production, unless HOST says", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).host).toBe("127.0.0.1");
    expect(
      loadConfig({ NODE_ENV: "production", JWT_SECRET: "x".repeat(32), PUBLIC_URL: "https://unibazaar.pk", DATA_DIR: dataDir() }).host,
    ).toBeUndefined();
    expect(loadConfig({ HOST: "0.0.0.0", DATA_DIR: dataDir() }).host).toBe("0.0.0.0");
  });

  it("allows no local origin with credentials in production by default: only PUBLIC_URL's", () => {
    const production = { NODE_ENV: "production", JWT_SECRET: "x".repeat(32), PUBLIC_URL: "https://unibazaar.pk", DATA_DIR: dataDir() };
    expect(loadConfig(production).corsOrigins).toEqual(["https://unibazaar.pk"]);
    expect(loadConfig({ ...production, PUBLIC_URL: "https://unibazaar.pk/shop/" }).corsOrigins).toEqual(["https://unibazaar.pk"]);
    expect(loadConfig({ ...production, CORS_ORIGINS: "https://a.pk, https://b.pk" }).corsOrigins).toEqual(["https://a.pk", "https://b.pk"]);
  });

  it.each([
    [{ PORT: "eighty" }, /^Invalid configuration: PORT /],
    [{ PORT: "70000" }, /^Invalid configuration: PORT /],
    [{ DATABASE_URL: "mysql://x" }, /^Invalid configuration: DATABASE_URL must be a postgres/],
    [{ NODE_ENV: "staging" }, /^Invalid configuration: NODE_ENV /],
    [{ JWT_SECRET: "short" }, /^Invalid configuration: JWT_SECRET must be at least 32 characters/],
    [{ PUBLIC_URL: "unibazaar.pk" }, /^Invalid configuration: PUBLIC_URL must be an http\(s\) URL/],
    [{ PUBLIC_URL: "ftp://unibazaar.pk" }, /^Invalid configuration: PUBLIC_URL must be an http\(s\) URL/],
    [{ WEB_CONCURRENCY: "0" }, /^Invalid configuration: WEB_CONCURRENCY /],
    [{ WEB_CONCURRENCY: "two" }, /^Invalid configuration: WEB_CONCURRENCY /],
    [{ REDIS_URL: "127.0.0.1:6379" }, /^Invalid configuration: REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/],
    [{ SMTP_URL: "mail.example.pk:587" }, /^Invalid configuration: SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/],
    [{ REQUIRE_VERIFIED_SELLERS: "yes" }, /^Invalid configuration: REQUIRE_VERIFIED_SELLERS /],
  ])("stops on a bad value with one line naming the variable: %o", (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(message);
  });

  it("reads PUBLIC_URL without a trailing slash (image addresses append /uploads/...) and TRUST_PROXY as a hop count or names", () => {
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({ publicUrl: undefined, trustProxy: "loopback" });
    expect(loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: "https://unibazaar.pk/" }).publicUrl).toBe("https://unibazaar.pk");
    expect(loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: "https://campus.example/market/" }).publicUrl).toBe(
      "https://campus.example/market",
    );
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: "loopback, 10.0.0.0/8" }).trustProxy).toBe("loopback, 10.0.0.0/8");
  });

  it("keeps uploads on disk unless S3_BUCKET is set; the other S3 settings need it", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).s3).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), S3_BUCKET: "pics", S3_PUBLIC_URL: "https://cdn.unibazaar.pk/media/" }).s3).toEqual({
      bucket: "pics",
      region: "us-east-1",
      endpoint: undefined,
      publicUrl: "https://cdn.unibazaar.pk/media",
    });
    expect(() => loadConfig({ DATA_DIR: dataDir(), S3_ENDPOINT: "http://minio:9000" })).toThrow(
      "S3_BUCKET is required when S3_ENDPOINT or S3_PUBLIC_URL is set",
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), S3_BUCKET: "pics", S3_ENDPOINT: "minio:9000" })).toThrow(
      "S3_ENDPOINT must be an http(s) URL",
    );
  });

  it("uses the wallet simulators unless a wallet's merchant account is set, whole", () => {
    const none = loadConfig({ DATA_DIR: dataDir() });
    expect([none.jazzcash, none.easypaisa]).toEqual([undefined, undefined]);
    const live = loadConfig({
      DATA_DIR: dataDir(),
      JAZZCASH_MERCHANT_ID: "MC12345",
      JAZZCASH_PASSWORD: "pass",
      JAZZCASH_INTEGRITY_SALT: "salt",
      JAZZCASH_MERCHANT_MPIN: "1234",
    });
    expect(live.jazzcash).toEqual({
      merchantId: "MC12345",
      password: "pass",
      integritySalt: "salt",
      merchantMpin: "1234",
      checkoutUrl: "https://sandbox.jazzcash.com.pk/CustomerPortal/transactionmanagement/merchantform/",
      inquiryUrl: "https://sandbox.jazzcash.com.pk/ApplicationAPI/API/PaymentInquiry/Inquire",
      refundUrl: "https://sandbox.jazzcash.com.pk/ApplicationAPI/API/Purchase/domwalletrefundtransaction",
    });
    expect(() => loadConfig({ DATA_DIR: dataDir(), JAZZCASH_MERCHANT_ID: "MC12345" })).toThrow(
      "JAZZCASH_MERCHANT_ID, JAZZCASH_PASSWORD and JAZZCASH_INTEGRITY_SALT must be set together",
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), EASYPAISA_STORE_ID: "1", EASYPAISA_HASH_KEY: "short" })).toThrow(
      "EASYPAISA_HASH_KEY must be the 16-character hash key",
    );
    // Easypaisa publishes no refund API: a live store is refused rather than taking money it cannot give back
    expect(() => loadConfig({ DATA_DIR: dataDir(), EASYPAISA_STORE_ID: "1", EASYPAISA_HASH_KEY: "ABCDEFGHIJKLMNOP" })).toThrow(
      "EASYPAISA_STORE_ID cannot be used yet",
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), JAZZCASH_CHECKOUT_URL: "http://example.pk/pay" })).toThrow(
      "JAZZCASH_CHECKOUT_URL must be an https URL",
    );
  });

  it("reads the read replicas of DATABASE_URL, and refuses a bad one or one without a primary", () => {
    const primary = "postgres://u:p@db:5432/unibazaar";
    expect(loadConfig({ DATA_DIR: dataDir() }).replicas).toEqual({ urls: [], maxLagMs: 2_000 });
    const replicas = "postgres://u:p@r1:5432/unibazaar, postgresql://u:p@r2/unibazaar";
    expect(
      loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: primary, DATABASE_REPLICA_URLS: replicas, DATABASE_REPLICA_MAX_LAG_MS: "500" })
        .replicas,
    ).toEqual({
      urls: ["postgres://u:p@r1:5432/unibazaar", "postgresql://u:p@r2/unibazaar"],
      maxLagMs: 500,
    });
    expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: primary, DATABASE_REPLICA_URLS: "mysql://r1/unibazaar" })).toThrow(
      /^Invalid configuration: DATABASE_REPLICA_URLS must be comma-separated postgres/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_REPLICA_URLS: "postgres://r1/unibazaar" })).toThrow(
      "Invalid configuration: DATABASE_REPLICA_URLS needs DATABASE_URL (the primary they replicate)",
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: primary, DATABASE_REPLICA_MAX_LAG_MS: "10" })).toThrow(ConfigError);
  });

  it("requires JWT_SECRET in production", () => {
    expect(() => loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir() })).toThrow("JWT_SECRET is required when NODE_ENV=production");
  });

  it("serves the playground only when asked in production, and by default elsewhere", () => {
    const secret = "x".repeat(32);
    expect(
      loadConfig({ NODE_ENV: "production", JWT_SECRET: secret, PUBLIC_URL: "https://unibazaar.pk", DATA_DIR: dataDir() }).playground,
    ).toBe(false);
    expect(
      loadConfig({
        NODE_ENV: "production",
        JWT_SECRET: secret,
        PUBLIC_URL: "https://unibazaar.pk",
        DATA_DIR: dataDir(),
        GRAPHQL_PLAYGROUND: "true",
      }).playground,
    ).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir() }).playground).toBe(true);
  });

  it("generates a development secret once and keeps it in DATA_DIR", () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(64);
    expect(existsSync(path.join(dir, "jwt-secret"))).toBe(true);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
    expect(readFileSync(path.join(dir, "jwt-secret"), "utf8")).toBe(first);
  });

  it("takes the VAPID keys from the environment, or generates and keeps them outside production", () => {
    const dir = dataDir();
    const generated = loadConfig({ DATA_DIR: dir }).vapid;
    expect(generated).toMatchObject({ publicKey: expect.stringMatching(/^[\w-]{87}$/), privateKey: expect.stringMatching(/^[\w-]{43}$/) });
    expect(loadConfig({ DATA_DIR: dir }).vapid).toEqual(generated);

    const production = { NODE_ENV: "production", JWT_SECRET: "x".repeat(32), PUBLIC_URL: "https://unibazaar.pk", DATA_DIR: dataDir() };
    expect(loadConfig(production).vapid).toBeUndefined();
    const keys = { VAPID_PUBLIC_KEY: generated!.publicKey, VAPID_PRIVATE_KEY: generated!.privateKey };
    expect(loadConfig({ ...production, ...keys, VAPID_SUBJECT: "mailto:ops@example.pk" }).vapid).toEqual({
      publicKey: keys.VAPID_PUBLIC_KEY,
      privateKey: keys.VAPID_PRIVATE_KEY,
      subject: "mailto:ops@example.pk",
    });
    expect(() => loadConfig({ ...production, VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY })).toThrow(
      "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all",
    );
    expect(() => loadConfig({ ...production, ...keys, VAPID_PRIVATE_KEY: "short" })).toThrow("VAPID_PRIVATE_KEY");
  });
});

describe("the README's configuration table", () => {
  const readme = readFileSync(path.resolve(__dirname, "../../../README.md"), "utf8");
  const section = readme.slice(readme.indexOf("## Configuration"), readme.indexOf("\n### ", readme.indexOf("## Configuration")));
  // a row's first cell names one variable or a few that go together
  const firstCells = [...section.matchAll(/^\| (`[^|]+) \|/gm)].map((m) => m[1]);
  const documented = firstCells.flatMap((cell) => [...cell.matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1]));

  it("lists every variable the schema reads, and none it does not", () => {
    expect(documented.length).toBeGreaterThan(0);
    expect([...documented].sort()).toEqual(Object.keys(envSchema.shape).sort());
  });
});

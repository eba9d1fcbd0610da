import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

// The deployment files, read as docker compose reads them: what ships by default must be safe.
const root = path.resolve(__dirname, "..");
type Service = {
  environment?: Record<string, string>;
  ports?: string[];
  healthcheck?: { test?: unknown };
  build?: unknown;
  command?: string[];
};
const compose = (file: string) => parse(readFileSync(path.join(root, file), "utf8")) as { services: Record<string, Service> };

describe("docker-compose.yml (production)", () => {
  const { services } = compose("docker-compose.yml");

  it("loads no demo data unless asked, and runs in production", () => {
    expect(services.app.environment?.NODE_ENV).toBe("production");
    expect(services.app.environment?.DEMO_DATA).toBe("${DEMO_DATA:-false}");
  });

  it("takes every secret from the environment and fails loudly without it", () => {
    const env = { ...services.db.environment, ...services.app.environment };
    expect(env.POSTGRES_PASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD:\?.+\}$/);
    // the password inside the URL is the variable, not a literal
    expect(env.DATABASE_URL).toMatch(/^postgres:\/\/unibazaar:\$\{POSTGRES_PASSWORD[:?}]/);
    for (const name of ["JWT_SECRET", "SMTP_URL", "PUBLIC_URL"]) expect(env[name], name).toMatch(new RegExp(`^\\$\\{${name}:\\?.+\\}$`));
    for (const [name, value] of Object.entries(env)) {
      if (/PASSWORD|SECRET/.test(name)) expect(value, name).toMatch(/^\$\{/);
    }
  });

  it("has healthchecks for the app and the database", () => {
    expect(services.app.healthcheck?.test).toBeTruthy();
    expect(services.db.healthcheck?.test).toBeTruthy();
  });

  it("gives PostgreSQL a page cache past its 128 MB default, sized from the environment", () => {
    expect(services.db.command).toEqual(["postgres", "-c", "shared_buffers=${POSTGRES_SHARED_BUFFERS:-1GB}"]);
  });
});

describe("docker-compose.demo.yml (local trial)", () => {
  const { services } = compose("docker-compose.demo.yml");

  it("keeps the demo data and is reachable from this machine only", () => {
    expect(services.app.environment?.DEMO_DATA).toBe("true");
    const published = Object.values(services).flatMap((s) => s.ports ?? []);
    expect(published.length).toBeGreaterThan(0);
    for (const port of published) expect(port).toMatch(/^127\.0\.0\.1:/);
  });
});

describe("Dockerfile", () => {
  it("runs the server as a non-root user that owns the data directory", () => {
    const lines = readFileSync(path.join(root, "Dockerfile"), "utf8").split("\n");
    const users = lines.filter((l) => /^USER\s/.test(l)).map((l) => l.split(/\s+/)[1]);
    expect(users.at(-1)).toBe("node");
    expect(lines.some((l) => /chown node:node \/data/.test(l))).toBe(true);
    expect(lines.indexOf("ENV DATA_DIR=/data")).toBeGreaterThan(-1);
  });

  it("ships every patched package from the build stage (the runtime's install runs no patch-package)", () => {
    const dockerfile = readFileSync(path.join(root, "Dockerfile"), "utf8");
    // patch-package names a patch <package, "/" written "+">+<version>.patch
    const patched = readdirSync(path.join(root, "patches"))
      .filter((file) => file.endsWith(".patch"))
      .map((file) => file.replace(/\+[^+]+\.patch$/, "").replace("+", "/"));
    expect(patched).toContain("pg");
    for (const name of patched) expect(dockerfile, name).toContain(`COPY --from=build /app/node_modules/${name} node_modules/${name}\n`);
  });
});

import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect } from "vitest";
import { it } from "../test/server-test";

/**
 * docs/rest.md is the REST contract people read; /api/openapi.json is generated from the routes.
 * Every call, who may make it and its success status must agree, so the two cannot drift.
 */
const doc = readFileSync(path.resolve(__dirname, "../../../docs/rest.md"), "utf8");

type Row = { call: string; who: string; success: string };

/** The table rows whose first cell is a call: | `POST /api/...` | who | request | answers | */
function documentedCalls(markdown: string): Row[] {
  return [...markdown.matchAll(/^\| `(GET|POST|PUT|PATCH|DELETE) (\/api\/[^`]+)` \| ([^|]+) \|.*\| `(\d{3})`/gm)].map((m) => ({
    // the OpenAPI path spells parameters {id}
    call: `${m[1]} ${m[2].replace(/:(\w+)/g, "{$1}")}`,
    who: m[3].trim(),
    success: m[4],
  }));
}

type Operation = { description?: string; security?: unknown[]; responses: Record<string, unknown> };
type OpenApi = { paths: Record<string, Record<string, Operation>> };

/** Who may call, in the words docs/rest.md uses: public, signed in, or the roles. */
function documentedAccess(operation: Operation): string {
  if (!operation.security) return "public";
  return /Roles: ([^.]+)\./.exec(operation.description ?? "")?.[1] ?? "signed in";
}

let openApi: OpenApi;
it.beforeAll(async ({ server }) => {
  openApi = (await server.api<OpenApi>("GET", "/api/openapi.json")).body;
});

describe("docs/rest.md", () => {
  it("lists exactly the calls /api/openapi.json has, each once", () => {
    const listed = documentedCalls(doc).map((r) => r.call);
    const served = Object.entries(openApi.paths).flatMap(([p, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${p}`));
    expect(listed.length).toBeGreaterThan(20);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual([...served].sort());
  });

  it("says who may make each call and its success status as the routes do", () => {
    for (const row of documentedCalls(doc)) {
      const [method, p] = row.call.split(" ");
      const operation = openApi.paths[p][method.toLowerCase()];
      expect({ call: row.call, who: row.who }).toEqual({ call: row.call, who: documentedAccess(operation) });
      const successes = Object.keys(operation.responses).filter((status) => status.startsWith("2"));
      expect({ call: row.call, success: row.success }).toEqual({ call: row.call, success: successes[0] });
    }
  });
});

import { randomUUID } from "node:crypto";
import {
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isScalarType,
  type GraphQLInputType,
  type GraphQLInputField,
  type GraphQLArgument,
} from "graphql";
import { describe, expect } from "vitest";
import { it } from "../test/server-test";
import { insertProduct, signUp, type SignedIn } from "../test/fixtures";
import type { TestServer } from "../test/harness";
import { buildAppSchema } from "./schema";

/**
 * Every GraphQL mutation argument (walked from the schema, into input objects) and every REST route
 * (walked from /api/openapi.json) with a corpus of hostile values: no answer may be a 5xx, and a
 * refused request may change no row. New mutations and routes are covered without editing this file.
 */
const NUL = "\u0000";
const HUGE = "x".repeat(200_000);
const STRINGS = ["", NUL, `a${NUL}b`, HUGE, "💥".repeat(5_000), "' OR 1=1 --", "../../etc/passwd", "<script>x</script>"];
const NUMBERS = [0, -1, 2_147_483_647, -2_147_483_648, 1e308, -1e308, 5e-324, 1e21, 0.5];
const IDS = ["not-an-id", randomUUID(), "-1", "9".repeat(40), "00000000-0000-0000-0000-000000000000"];
const WRONG_TYPES: unknown[] = [null, {}, [], true, "12", 12];

let callers: SignedIn[] = [];
let productId: string;
let fingerprintSql: string;
it.beforeAll(async ({ server }) => {
  const [buyer, seller, admin] = await Promise.all([signUp(server, "user"), signUp(server, "seller"), signUp(server, "admin")]);
  callers = [admin, seller, buyer];
  productId = (await insertProduct(server.dataSource, seller.user.id)).id;
  fingerprintSql = await fingerprintStatement(server);
});

/**
 * A fingerprint of every table's rows (rate-limit counters excluded: refused sign-ins count by design;
 * job_effects too: the scheduled jobs mark their runs there every minute, whatever a request does),
 * read in one statement: the walk takes it twice for each of some 3,000 requests.
 */
async function fingerprintStatement(server: TestServer): Promise<string> {
  const tables: Array<{ name: string }> = await server.dataSource.query(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_name NOT IN ('rate_limits', 'migrations', 'job_effects') ORDER BY 1`,
  );
  const hashes = tables.map(({ name }) => `(SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY t::text), '')) FROM "${name}" t)`);
  return `SELECT concat_ws(':', ${hashes.join(", ")}) AS h`;
}
const fingerprint = async (server: TestServer): Promise<string> => (await server.dataSource.query(fingerprintSql))[0].h;

/**
 * The fingerprint before the next request: the one taken after the last refused request (nothing
 * was sent since), else a fresh one. Most requests are refused, so this halves the fingerprints.
 */
let lastFingerprint: string | undefined;
const fingerprintBefore = async (server: TestServer): Promise<string> => {
  const known = lastFingerprint;
  lastFingerprint = undefined;
  return known ?? fingerprint(server);
};
/** Whether the rows changed since `before`; the fingerprint taken is kept for the next request. */
const rowsChanged = async (server: TestServer, before: string): Promise<boolean> => {
  lastFingerprint = await fingerprint(server);
  return lastFingerprint !== before;
};

/** A plausible value of a GraphQL input type, so each walk changes one place at a time. */
function filler(type: GraphQLInputType, depth = 0): unknown {
  const inner = getNullableType(type);
  if (isListType(inner)) return [filler(inner.ofType, depth)];
  if (isEnumType(inner)) return inner.getValues()[0].value;
  if (isInputObjectType(inner))
    return depth > 3 ? {} : Object.fromEntries(Object.values(inner.getFields()).map((f) => [f.name, filler(f.type, depth + 1)]));
  if (isScalarType(inner)) {
    if (inner.name === "ID") return productId;
    if (inner.name === "Int" || inner.name === "Float") return 1;
    if (inner.name === "Boolean") return true;
    return "hostile walk";
  }
  return null;
}

function corpusFor(type: GraphQLInputType): unknown[] {
  const named = getNamedType(type);
  const typed = named.name === "ID" ? IDS : named.name === "Int" || named.name === "Float" ? NUMBERS : isScalarType(named) ? STRINGS : [];
  return [...typed, ...WRONG_TYPES];
}

/** Each leaf of an argument: its path inside the argument value and its type. */
function leaves(
  field: GraphQLArgument | GraphQLInputField,
  path: string[] = [],
  depth = 0,
): Array<{ path: string[]; type: GraphQLInputType }> {
  const named = getNamedType(field.type);
  const here = [{ path, type: field.type }];
  if (!isInputObjectType(named) || depth > 2) return here;
  return [...here, ...Object.values(named.getFields()).flatMap((f) => leaves(f, [...path, f.name], depth + 1))];
}

function withValue(base: unknown, path: string[], value: unknown): unknown {
  if (!path.length) return value;
  const list = Array.isArray(base);
  const object = { ...((list ? base[0] : base) as Record<string, unknown>) };
  object[path[0]] = withValue(object[path[0]], path.slice(1), value);
  return list ? [object] : object;
}

describe("hostile values in every GraphQL mutation argument", () => {
  it("answers no 5xx and changes no row when it refuses", { timeout: 900_000 }, async ({ server }) => {
    const mutations = Object.values(buildAppSchema().getMutationType()!.getFields());
    const failures: string[] = [];
    let tried = 0;
    for (const mutation of mutations) {
      const declarations = mutation.args.map((a) => `$${a.name}: ${a.type.toString()}`).join(", ");
      const call = mutation.args.map((a) => `${a.name}: $${a.name}`).join(", ");
      const query = `mutation${declarations ? ` (${declarations})` : ""} { ${mutation.name}${call ? `(${call})` : ""} { __typename } }`;
      const base = Object.fromEntries(mutation.args.map((a) => [a.name, filler(a.type)]));
      for (const arg of mutation.args) {
        for (const leaf of leaves(arg)) {
          for (const value of corpusFor(leaf.type)) {
            const variables = { ...base, [arg.name]: withValue(base[arg.name], leaf.path, value) };
            const caller = callers[tried++ % callers.length];
            const before = await fingerprintBefore(server);
            const response = await fetch(`${server.url}/graphql`, {
              method: "POST",
              headers: { "content-type": "application/json", authorization: `Bearer ${caller.token}` },
              body: JSON.stringify({ query, variables }),
            });
            const body = (await response.json()) as { data?: unknown; errors?: Array<{ extensions?: { code?: string } }> };
            const where = `${mutation.name}(${[arg.name, ...leaf.path].join(".")} = ${JSON.stringify(value)?.slice(0, 40)})`;
            if (response.status >= 500 || body.errors?.some((e) => e.extensions?.code === "INTERNAL_SERVER_ERROR"))
              failures.push(`${where}: ${response.status} ${JSON.stringify(body.errors?.[0]).slice(0, 200)}`);
            else if (body.errors && (await rowsChanged(server, before))) failures.push(`${where}: refused but changed rows`);
          }
        }
      }
    }
    console.log(`GraphQL hostile walk: ${tried} requests over ${mutations.length} mutations, ${failures.length} failures`);
    expect(failures).toEqual([]);
  });
});

type Schema = { type?: string; properties?: Record<string, Schema>; items?: Schema; $ref?: string };
type OpenApi = {
  paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> } }>>;
};

function restFiller(schema: Schema | undefined): unknown {
  if (!schema) return "x";
  if (schema.properties) return Object.fromEntries(Object.entries(schema.properties).map(([k, s]) => [k, restFiller(s)]));
  if (schema.type === "array") return [restFiller(schema.items)];
  if (schema.type === "number" || schema.type === "integer") return 1;
  if (schema.type === "boolean") return true;
  return productId;
}

describe("hostile values in every REST route", () => {
  it("answers no 5xx and changes no row when it refuses", { timeout: 900_000 }, async ({ server }) => {
    const document = (await server.api<OpenApi>("GET", "/api/openapi.json")).body;
    const failures: string[] = [];
    let tried = 0;
    const send = async (method: string, url: string, body: unknown, label: string) => {
      const caller = callers[tried++ % callers.length];
      const before = await fingerprintBefore(server);
      const res = await server.api(method, url, { body, token: caller.token });
      if (res.status >= 500) failures.push(`${label}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      else if (res.status >= 400 && (await rowsChanged(server, before))) failures.push(`${label}: refused but changed rows`);
    };
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const verb = method.toUpperCase();
        const params = path.match(/\{\w+\}/g) ?? [];
        const url = (value: string) => `/api${path.replace(/^\/api/, "")}`.replace(/\{\w+\}/g, encodeURIComponent(value));
        for (const value of [...IDS, ...STRINGS.filter((s) => s.length < 10_000)])
          if (params.length)
            await send(verb, url(value), verb === "GET" ? undefined : {}, `${verb} ${path} param=${JSON.stringify(value).slice(0, 30)}`);
        if (verb === "GET") continue;
        const target = url(productId);
        for (const malformed of ["{", "[]", '"text"', "null", "1e999999", `{"a":${"[".repeat(5_000)}`])
          await send(verb, target, malformed, `${verb} ${path} body ${malformed.slice(0, 20)}`);
        const schema = operation.requestBody?.content?.["application/json"]?.schema;
        const base = restFiller(schema) as Record<string, unknown>;
        for (const key of Object.keys(schema?.properties ?? {}))
          for (const value of [...STRINGS, ...NUMBERS, ...WRONG_TYPES])
            await send(verb, target, { ...base, [key]: value }, `${verb} ${path} ${key}=${JSON.stringify(value)?.slice(0, 30)}`);
      }
    }
    console.log(`REST hostile walk: ${tried} requests, ${failures.length} failures`);
    expect(failures).toEqual([]);
  });
});

import { ApolloServer } from "@apollo/server";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { buildSchema } from "graphql";
import express from "express";
import { expect, test } from "vitest";
import { createAppServer } from "../platform/http/app-server";

/**
 * Express gives each request and response its own prototypes as they come in (Object.setPrototypeOf),
 * and V8 then kept every request's objects through the young generation's collections (17-20 KB a
 * product page moved to the old generation against 3-5, docs/benchmarks.md). The app's server makes
 * them with Express's prototypes, so Express's swap changes nothing.
 */
test("the app's HTTP server hands Express requests and responses that already have its prototypes", async () => {
  const app = express();
  app.get("/", (_req, res) => res.json({ ok: true }));
  const server = createAppServer(app);
  const arrived: boolean[] = [];
  // before Express sees them
  server.prependListener("request", (req: http.IncomingMessage, res: http.ServerResponse) =>
    arrived.push(Object.getPrototypeOf(req) === app.request, Object.getPrototypeOf(res) === app.response),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    expect(await response.json()).toEqual({ ok: true });
    expect(arrived).toEqual([true, true]);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/**
 * Apollo Server's gateway hand-off (how compiled execution is plugged in) gave the response's status
 * a getter and setter of its own in an object literal per request. Under load V8 kept every request
 * whole past the young collections through it (promoted: 250 MB against 30 in 10 s of product pages,
 * docs/benchmarks.md); patches/@apollo+server+*.patch makes it a class's accessor, applied by npm's
 * postinstall. This fails when the patch is not applied (a new Apollo version: patch it again).
 */
test("Apollo's gateway hands the executor a response whose status is a class's accessor", async () => {
  const schema = buildSchema("type Query { ok: Boolean }");
  let http: object | undefined;
  const apollo = new ApolloServer({
    gateway: {
      onSchemaLoadOrUpdate: (callback) => {
        callback({ apiSchema: schema, coreSupergraphSdl: "" });
        return () => {};
      },
      load: async () => ({
        executor: async (requestContext) => {
          http = requestContext.response!.http!;
          requestContext.response!.http!.status = 203;
          return { data: { ok: true } };
        },
      }),
      stop: async () => {},
    },
  });
  await apollo.start();
  try {
    const response = await apollo.executeOperation({ query: "{ ok }" });
    expect(response.http.status).toBe(203);
    expect(Object.getOwnPropertyDescriptor(http!, "status")).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(Object.getPrototypeOf(http!), "status")).toHaveProperty("set", expect.any(Function));
  } finally {
    await apollo.stop();
  }
});

import type { Express } from "express";
import { createServer, IncomingMessage, ServerResponse, type Server } from "node:http";
import type { Socket } from "node:net";

type RequestConstructor = (this: IncomingMessage, socket: Socket) => void;
type ResponseConstructor = (this: ServerResponse, req: IncomingMessage, options?: object) => void;

/**
 * The HTTP server for an Express app, whose requests and responses are made with the app's own
 * prototypes (`app.request`, `app.response`) from the start. Express otherwise swaps each one's
 * prototype as it comes in (Object.setPrototypeOf), and V8 then keeps every request's objects
 * (its body, headers, context, loaders) through the young generation's collections until the next
 * full one: on /health 10 of the 37 KB a request allocated were copied to the old generation, and
 * those collections took a seventh of the main thread and a third of the other core
 * (docs/benchmarks.md). With the prototype already in place, Express's swap changes nothing.
 * (node's own constructors are plain functions that take `this`, as subclassing them requires.)
 */
export function createAppServer(app: Express): Server {
  function AppRequest(this: IncomingMessage, socket: Socket) {
    (IncomingMessage as unknown as RequestConstructor).call(this, socket);
  }
  AppRequest.prototype = app.request;
  function AppResponse(this: ServerResponse, req: IncomingMessage, options?: object) {
    (ServerResponse as unknown as ResponseConstructor).call(this, req, options);
  }
  AppResponse.prototype = app.response;
  return createServer(
    {
      IncomingMessage: AppRequest as unknown as typeof IncomingMessage,
      ServerResponse: AppResponse as unknown as typeof ServerResponse,
    },
    app,
  );
}

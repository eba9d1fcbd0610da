import type { RequestHandler, Response } from "express";
import { pipeline } from "node:stream/promises";
import type { ObjectStorage } from "../storage";

/** The names the app stores (hashes and their suffixes): anything else is a 404 without asking the storage. */
const STORED_NAME = /^\/([A-Za-z0-9_-]+\.[a-z0-9]+)$/;

/**
 * Answers GET/HEAD `/<name>` from the object storage under `prefix/`, as express.static answers
 * from disk: content-addressed, so cached for a year as immutable; `setHeaders` adds the rest.
 */
export function serveFromStorage(storage: ObjectStorage, prefix: string, setHeaders: (res: Response) => void): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = STORED_NAME.exec(req.path)?.[1];
    try {
      const object = name ? await storage.open(`${prefix}/${name}`) : null;
      if (!object || !name) {
        res.status(404).end();
        return;
      }
      res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
      if (object.contentType) res.setHeader("Content-Type", object.contentType);
      else res.type(name);
      if (object.length !== undefined) res.setHeader("Content-Length", object.length);
      setHeaders(res);
      if (req.method === "HEAD") {
        object.body.destroy();
        res.end();
        return;
      }
      await pipeline(object.body, res);
    } catch (error) {
      // once bytes went out the answer cannot turn into an error page: the client sees it cut short
      if (res.headersSent) res.destroy();
      else next(error);
    }
  };
}

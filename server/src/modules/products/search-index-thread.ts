import { createRequire } from "node:module";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { PoolConfig } from "pg";
import type { Logger } from "pino";
import type { DataSource } from "typeorm";
import { DB_TIMEOUTS } from "../../platform/db/data-source";
import type { IndexBrowse, IndexFilter, IndexSearch } from "./search-catalogue";
import type { IndexAnswer, IndexStatus, SearchIndex } from "./search-index";

/** What the index's thread is started with. */
export type IndexThreadSetup = { connection: PoolConfig };

/** What the server asks the index: SearchIndex's method of that name, with these arguments. */
export type IndexQuestion =
  | { kind: "search"; args: Parameters<SearchIndex["search"]> }
  | { kind: "browse"; args: Parameters<SearchIndex["browse"]> }
  | { kind: "count"; args: Parameters<SearchIndex["count"]> };

export type ToIndexThread = { kind: "start" } | { kind: "ask"; id: number; question: IndexQuestion } | { kind: "close" };

export type FromIndexThread =
  | { kind: "status"; status: IndexStatus }
  | { kind: "answer"; id: number; found: unknown; answered: SearchIndexThread["answered"] }
  | { kind: "failed"; id: number; error: ErrorText }
  | { kind: "log"; level: "warn" | "error"; message: string; error: ErrorText }
  | { kind: "closed" };

/** An error as the thread passes it (messages are JSON text: structured cloning costs twice as much). */
export type ErrorText = { message: string; stack?: string };
const errorFrom = ({ message, stack }: ErrorText) => {
  const error = new Error(message);
  if (stack) error.stack = stack;
  return error;
};

/** How long after a thread failed a new one is started, doubled for each failure in a row, up to RESTART_MOST_MS. */
const RESTART_FIRST_MS = 30_000;
const RESTART_MOST_MS = 30 * 60_000;

type Thread = { worker: Worker; ended: Promise<void>; end: () => void };

/**
 * The search index (search-index.ts) in a worker thread of its own, as the server holds it: its
 * answers, its reads of the changes and its collections of a heap of hundreds of megabytes take
 * none of the event loop that answers requests, and run on another core when there is one. A
 * search costs a message each way. While a thread is loading or has failed (its load, or itself),
 * every search is the database's statement; a failed thread is replaced by a new one, half a
 * minute later, then each time twice as late (its load reads every listing of the primary).
 */
export class SearchIndexThread {
  private state: IndexStatus = "off";
  private thread?: Thread;
  private closing = false;
  private restart?: NodeJS.Timeout;
  private failuresInARow = 0;
  private asked = 0;
  private readonly waiting = new Map<number, { resolve: (found: unknown) => void; reject: (error: Error) => void }>();
  private readonly firstLoad: Promise<void>;
  private firstLoadEnded!: () => void;

  /** Searches, shop pages and counts answered by the index, and those left to the database (a query or filter it does not follow). */
  answered = { here: 0, left: 0 };

  constructor(
    private readonly setup: IndexThreadSetup,
    private readonly logger?: Logger,
    private readonly restartAfterMs = RESTART_FIRST_MS,
  ) {
    this.firstLoad = new Promise((resolve) => (this.firstLoadEnded = resolve));
  }

  /** An index of the primary behind `dataSource`, on a connection of its own. */
  static of(dataSource: DataSource, logger?: Logger): SearchIndexThread {
    return new SearchIndexThread({ connection: indexConnection(dataSource) }, logger);
  }

  /** Whether searches are answered by the index yet (for /ready and the admins' status). */
  status(): IndexStatus {
    return this.state;
  }

  /** Starts the thread, which loads the listings; searches go to the database until it is done. */
  start(): void {
    if (!this.thread && !this.closing) this.spawn();
  }

  /** Resolves once the first load has ended (ready, or failed: see status). */
  loaded(): Promise<void> {
    return this.firstLoad;
  }

  /** A search's page and candidate count, or null when the database must answer it (see SearchIndex.search). */
  search(search: IndexSearch): Promise<IndexAnswer | null> {
    return this.ask({ kind: "search", args: [search] }) as Promise<IndexAnswer | null>;
  }

  /** A shop page without words, or null when the database must answer it (see SearchIndex.browse). */
  browse(browse: IndexBrowse): Promise<{ ids: string[] } | null> {
    return this.ask({ kind: "browse", args: [browse] }) as Promise<{ ids: string[] } | null>;
  }

  /** How many listings on show pass `filter`, up to `upTo` + 1, or null when the database must count them (see SearchIndex.count). */
  count(filter: IndexFilter, upTo: number): Promise<number | null> {
    return this.ask({ kind: "count", args: [filter, upTo] }) as Promise<number | null>;
  }

  private ask(question: IndexQuestion): Promise<unknown> {
    const worker = this.thread?.worker;
    if (this.state !== "ready" || !worker) return Promise.resolve(null);
    const id = ++this.asked;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      tell(worker, { kind: "ask", id, question });
    });
  }

  /** Ends the thread once its index has closed (a load or a read of the changes in flight ends first). */
  async close(): Promise<void> {
    this.closing = true;
    clearTimeout(this.restart);
    const thread = this.thread;
    if (!thread) {
      this.state = "off";
      return;
    }
    tell(thread.worker, { kind: "close" });
    await thread.ended;
    await thread.worker.terminate();
  }

  private spawn(): void {
    this.state = "loading";
    const worker = startWorker(this.setup);
    let end!: () => void;
    const thread: Thread = { worker, ended: new Promise((resolve) => (end = resolve)), end };
    this.thread = thread;
    worker.on("message", (text: string) => this.heard(thread, JSON.parse(text) as FromIndexThread));
    worker.on("error", (error) => this.logger?.error({ err: error }, "the search index's thread failed: searches use the database"));
    worker.on("exit", () => {
      thread.end();
      // a thread replaced after its load failed ends unheard
      if (this.thread !== thread) return;
      this.thread = undefined;
      this.leaveWaitingToDatabase();
      if (this.closing) this.state = "off";
      else {
        this.logger?.error("the search index's thread ended: searches use the database");
        this.failed();
      }
    });
    tell(worker, { kind: "start" });
  }

  /** Searches go to the database, and a new thread is started later. */
  private failed(): void {
    this.state = "failed";
    this.firstLoadEnded();
    const delay = Math.min(this.restartAfterMs * 2 ** this.failuresInARow++, RESTART_MOST_MS);
    clearTimeout(this.restart);
    this.restart = setTimeout(() => {
      const failed = this.thread;
      this.thread = undefined;
      if (failed) void failed.worker.terminate();
      this.leaveWaitingToDatabase();
      if (!this.closing) this.spawn();
    }, delay).unref();
  }

  private leaveWaitingToDatabase(): void {
    for (const { resolve } of this.waiting.values()) resolve(null);
    this.waiting.clear();
  }

  private heard(thread: Thread, message: FromIndexThread): void {
    switch (message.kind) {
      case "status":
        if (this.thread !== thread) return;
        if (message.status === "failed") return this.failed();
        this.state = message.status;
        if (message.status === "ready") {
          this.failuresInARow = 0;
          this.firstLoadEnded();
        }
        return;
      case "answer":
        this.answered = message.answered;
        this.waiting.get(message.id)?.resolve(message.found);
        this.waiting.delete(message.id);
        return;
      case "failed":
        this.waiting.get(message.id)?.reject(errorFrom(message.error));
        this.waiting.delete(message.id);
        return;
      case "log":
        this.logger?.[message.level]({ err: errorFrom(message.error) }, message.message);
        return;
      case "closed":
        thread.end();
    }
  }
}

const tell = (worker: Worker, message: ToIndexThread) => worker.postMessage(JSON.stringify(message));

/** How the index connects to the primary behind `dataSource`: its address and the app's timeouts. */
export function indexConnection(dataSource: DataSource): PoolConfig {
  return { connectionString: (dataSource.options as { url?: string }).url, ...DB_TIMEOUTS };
}

/**
 * The worker of search-index-worker: the compiled file, or (the tests run the server from its
 * TypeScript sources) the source compiled as it loads, by tsx.
 */
function startWorker(setup: IndexThreadSetup): Worker {
  const compiled = __filename.endsWith(".js");
  const entry = path.join(__dirname, `search-index-worker.${compiled ? "js" : "ts"}`);
  if (compiled) return new Worker(entry, { workerData: setup });
  const tsx = createRequire(__filename).resolve("tsx/cjs/api");
  return new Worker(`require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(entry)});`, { eval: true, workerData: setup });
}

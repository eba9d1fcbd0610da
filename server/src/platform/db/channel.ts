import { Client } from "pg";
import type { Logger } from "pino";
import { DB_TIMEOUTS } from "./data-source";

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
export const NOTIFY_PAYLOAD_MAX_BYTES = 7_999;
/** A NOTIFY unanswered by then fails (a frozen database): the sender does not wait on it longer. */
const NOTIFY_TIMEOUT_MS = 1_500;
/** Payloads sent in one statement at most. */
const NOTIFY_BATCH = 100;
/** Attempts to listen again are at most this far apart: the channel is heard about a second after the database returns. */
const RECONNECT_MAX_DELAY_MS = 1_000;

/**
 * One PostgreSQL channel (LISTEN/NOTIFY) on a connection of its own, outside the pool: `send`
 * notifies every session listening on the database, this one included, and `onMessage` hears them.
 * A lost connection is made again in the background (at most a second apart) and the loss is
 * logged once; what is notified meanwhile is not heard here.
 */
export class PostgresChannel {
  private client?: Client;
  private closed = false;
  private lost = false;
  private attempt = 0;
  private retry?: NodeJS.Timeout;
  private readonly queued: Array<{ payload: string; resolve: () => void; reject: (err: Error) => void }> = [];
  private flushing = false;

  constructor(
    private readonly url: string,
    private readonly channel: string,
    private readonly onMessage: (payload: string) => void,
    private readonly logger?: Logger,
  ) {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
    void this.listen();
  }

  /**
   * Notifies the channel; rejects when the payload is too long or the database does not take it.
   * One statement at a time on the connection: what is sent meanwhile goes together in the next.
   */
  send(payload: string): Promise<void> {
    const bytes = Buffer.byteLength(payload);
    if (bytes > NOTIFY_PAYLOAD_MAX_BYTES) return Promise.reject(new Error(`a payload of ${bytes} bytes is too long for NOTIFY`));
    return new Promise((resolve, reject) => {
      this.queued.push({ payload, resolve, reject });
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.flushing) return;
    this.flushing = true;
    try {
      while (this.queued.length) {
        const batch = this.queued.splice(0, NOTIFY_BATCH);
        try {
          if (!this.client) throw new Error(`not listening on PostgreSQL channel ${this.channel}`);
          // in the array's order, delivered together when the statement commits
          await this.client.query("SELECT pg_notify($1, payload) FROM unnest($2::text[]) WITH ORDINALITY AS p(payload, n) ORDER BY n", [
            this.channel,
            batch.map((item) => item.payload),
          ]);
          for (const item of batch) item.resolve();
        } catch (err) {
          for (const item of batch) item.reject(err as Error);
        }
      }
    } finally {
      this.flushing = false;
    }
  }

  private async listen(): Promise<void> {
    const client = new Client({
      connectionString: this.url,
      connectionTimeoutMillis: DB_TIMEOUTS.connectionTimeoutMillis,
      query_timeout: NOTIFY_TIMEOUT_MS,
      keepAlive: true,
    });
    let dropped = false;
    const drop = (err?: Error) => {
      if (dropped) return;
      dropped = true;
      if (this.client === client) this.client = undefined;
      client.end().catch(() => undefined);
      this.reconnect(err);
    };
    client.on("error", drop);
    client.on("end", () => drop());
    client.on("notification", ({ channel, payload }) => {
      if (channel === this.channel && payload !== undefined) this.onMessage(payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
    } catch (err) {
      return drop(err as Error);
    }
    if (dropped) return;
    if (this.closed) return void client.end().catch(() => undefined);
    this.client = client;
    this.attempt = 0;
    if (this.lost) this.logger?.info({ channel: this.channel }, "Listening on PostgreSQL again");
    this.lost = false;
  }

  private reconnect(err?: Error): void {
    if (this.closed) return;
    if (!this.lost)
      this.logger?.warn(
        { reason: err?.message, channel: this.channel },
        "Lost the PostgreSQL connection listening on a channel: reconnecting",
      );
    this.lost = true;
    const delay = Math.min(++this.attempt * 100, RECONNECT_MAX_DELAY_MS);
    this.retry = setTimeout(() => void this.listen(), delay);
    this.retry.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}

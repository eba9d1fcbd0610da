import "reflect-metadata";
import type { ClientBase } from "pg";
import { DataSource, type DataSourceOptions, type Logger } from "typeorm";
import { AfterCommitSubscriber } from "../events";
import { migrations } from "./migrations";

/** The entity classes of the app (listed in app/entities.ts). */
export type Entities = NonNullable<DataSourceOptions["entities"]>;

/**
 * Bounds on a slow or frozen database, so a request fails instead of hanging: waiting for a
 * connection, one statement, waiting for a lock, and the client's wait for any answer. With
 * PostgreSQL 17+ a transaction is also ended by the server at TRANSACTION_TIMEOUT_MS, which is not
 * more than QUERY_TIMEOUT_MS: a transaction whose client was told it failed can never commit later.
 */
export const DB_TIMEOUTS = {
  connectionTimeoutMillis: 5_000,
  statement_timeout: 10_000,
  lock_timeout: 5_000,
  query_timeout: 12_000,
  idle_in_transaction_session_timeout: 30_000,
};
export const TRANSACTION_TIMEOUT_MS = 10_000;
/** Connections in a process's pool: a statement that asks for another while holding one can starve it. */
export const POOL_CONNECTIONS = 10;

/**
 * Each pooled connection always has a listener for its errors. The pool listens while a connection
 * is idle and TypeORM while it runs a query, but TypeORM starts listening a moment (a promise's
 * turn) after the pool hands a connection over: a server that ends the connection then (a replica
 * or the primary shutting down, a terminated backend) would raise an error nobody hears, which ends
 * the process. Heard here, the connection is only broken: its next statement fails and the pool
 * drops it when it comes back.
 */
function heedLostConnection(client: ClientBase): void {
  client.on("error", () => undefined);
}

/** One data source for the app, the seeder and the tests; the schema comes from migrations only. */
export function createDataSource(
  url: string,
  entities: Entities,
  logger?: Logger,
  options: { transactionTimeout?: boolean; readOnly?: boolean } = {},
): DataSource {
  return new DataSource({
    type: "postgres",
    url,
    entities,
    // a read replica refuses CREATE EXTENSION: it has the primary's extensions already
    ...(options.readOnly ? { installExtensions: false } : {}),
    subscribers: [AfterCommitSubscriber],
    migrations,
    synchronize: false,
    migrationsRun: false,
    logging: logger ? ["query"] : false,
    logger,
    extra: {
      max: POOL_CONNECTIONS,
      ...DB_TIMEOUTS,
      onConnect: heedLostConnection,
      // transaction_timeout exists from PostgreSQL 17 on; older servers refuse to connect with it
      ...(options.transactionTimeout ? { options: `-c transaction_timeout=${TRANSACTION_TIMEOUT_MS}` } : {}),
    },
  });
}

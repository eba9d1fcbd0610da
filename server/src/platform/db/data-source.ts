import "reflect-metadata";
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
      // transaction_timeout exists from PostgreSQL 17 on; older servers refuse to connect with it
      ...(options.transactionTimeout ? { options: `-c transaction_timeout=${TRANSACTION_TIMEOUT_MS}` } : {}),
    },
  });
}

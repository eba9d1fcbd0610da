import "reflect-metadata";
import { DataSource, type DataSourceOptions, type Logger } from "typeorm";
import { migrations } from "./migrations";

/** The entity classes of the app (listed in app/entities.ts). */
export type Entities = NonNullable<DataSourceOptions["entities"]>;

/** One data source for the app, the seeder and the tests; the schema comes from migrations only. */
export function createDataSource(url: string, entities: Entities, logger?: Logger): DataSource {
  return new DataSource({
    type: "postgres",
    url,
    entities,
    migrations,
    synchronize: false,
    migrationsRun: false,
    logging: logger ? ["query"] : false,
    logger,
    extra: { max: 10 },
  });
}

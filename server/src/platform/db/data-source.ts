import "reflect-metadata";
import { DataSource, type Logger } from "typeorm";
import { entities } from "../../app/entities";
import { migrations } from "./migrations";

/** One data source for the app, the seeder and the tests; the schema comes from migrations only. */
export function createDataSource(url: string, logger?: Logger): DataSource {
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

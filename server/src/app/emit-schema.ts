import "reflect-metadata";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { printAppSchema } from "./schema";

/** `npm run schema`: writes the GraphQL contract to schema.graphql at the repository root. */
const target = path.resolve(__dirname, "../../../schema.graphql");
writeFileSync(target, printAppSchema());
console.log(`Wrote ${target}`);

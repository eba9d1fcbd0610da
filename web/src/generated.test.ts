import { generate } from "@graphql-codegen/cli";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import config from "../../codegen";

/** The committed typed documents and hooks must be what codegen makes from schema.graphql now. */
describe("web/src/generated", () => {
  it("is up to date with schema.graphql and the .graphql operations (run `npm run codegen`)", async () => {
    const root = path.resolve(__dirname, "../..");
    const outputs = await generate({ ...config, cwd: root, silent: true }, false);
    expect(outputs.length).toBeGreaterThan(0);
    for (const output of outputs) {
      const committed = readFileSync(path.resolve(root, output.filename), "utf8");
      expect(committed, output.filename).toBe(output.content);
    }
  }, 60_000);
});

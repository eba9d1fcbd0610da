import path from "node:path";
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "..");

/**
 * The layer rules of eslint.config.mjs fire on a deliberate violation. Only the import rules run
 * (no type information), so this stays fast; the code is linted in memory under a path inside the repo.
 */
async function importErrors(file: string, code: string): Promise<string[]> {
  const { importRules } = (await import("../eslint.config.mjs")) as { importRules: ESLint.ConfigData & object };
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [{ files: ["**/*.ts", "**/*.tsx"], languageOptions: { parser: tseslint.parser } }, importRules as never],
  });
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

// the first lint loads ESLint, the config and the TypeScript resolver: past 30 s on a busy 2-core machine
describe("import rules", { timeout: 120_000 }, () => {
  it("refuses a web feature importing another feature", async () => {
    const errors = await importErrors(
      "web/src/features/cart/Violation.tsx",
      `import ProductPage from "../product/ProductPage";\nexport default ProductPage;\n`,
    );
    expect(errors).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*A web feature never imports another feature/)]);
  });

  it("refuses a web feature importing app/", async () => {
    const errors = await importErrors(
      "web/src/features/dashboard/Violation.tsx",
      `import { CartPanel } from "../../app/CartPanel";\nexport default CartPanel;\n`,
    );
    expect(errors).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*A web feature never imports app\//)]);
  });

  it("allows a web feature to import its own files and shared components", async () => {
    const errors = await importErrors("web/src/features/cart/Fine.tsx", `export { TAX_RATE } from "./cart";\n`);
    expect(errors).toEqual([]);
  });

  it("refuses web domain/ importing a feature or app/, and allows it components/, lib/ and another domain area", async () => {
    const errors = await importErrors(
      "web/src/domain/order/Violation.tsx",
      `import { OrdersPage } from "../../features/orders/OrdersPage";\nimport { CartPanel } from "../../app/CartPanel";\nexport const both = [OrdersPage, CartPanel];\n`,
    );
    expect(errors).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*domain\/ .* never imports a feature or app\//),
      expect.stringMatching(/^import-x\/no-restricted-paths: .*domain\/ .* never imports a feature or app\//),
    ]);
    const fine = await importErrors(
      "web/src/domain/order/Fine.tsx",
      `export { Money } from "../../components/Money";\nexport { formatPKR } from "../../lib/format";\nexport { formatMeetupTime } from "../meetup/slots";\n`,
    );
    expect(fine).toEqual([]);
  });

  it("refuses web components/ and lib/ importing domain/, and allows a feature to", async () => {
    const chip = `export { OrderStatusChip } from "../domain/order/OrderStatusChip";\n`;
    const layer = /^import-x\/no-restricted-paths: .*Generic web code \(components\/, lib\/\) never imports a feature, app\/ or domain\//;
    expect(await importErrors("web/src/components/Violation.tsx", chip)).toEqual([expect.stringMatching(layer)]);
    expect(await importErrors("web/src/lib/violation.ts", chip)).toEqual([expect.stringMatching(layer)]);
    expect(
      await importErrors("web/src/features/orders/Fine.tsx", `export { OrderStatusChip } from "../../domain/order/OrderStatusChip";\n`),
    ).toEqual([]);
  });

  it("refuses server platform code importing a feature module or app/", async () => {
    const errors = await importErrors(
      "server/src/platform/violation.ts",
      `import { User } from "../modules/users/entity";\nimport { createServices } from "../app/services";\nexport const both = [User, createServices];\n`,
    );
    expect(errors).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*platform\/ is infrastructure/),
      expect.stringMatching(/^import-x\/no-restricted-paths: .*platform\/ is infrastructure/),
    ]);
  });

  it("refuses a feature module importing app/", async () => {
    const errors = await importErrors("server/src/modules/users/violation.ts", `export { createServices } from "../../app/services";\n`);
    expect(errors).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*A feature module never imports app\//)]);
  });

  it("refuses a server module importing another module's files past its index.ts, but not its index or its own files", async () => {
    const deep = await importErrors("server/src/modules/orders/violation.ts", `export { Product } from "../products/entity";\n`);
    expect(deep).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*only through its index\.ts/)]);
    const fine = await importErrors(
      "server/src/modules/orders/fine.ts",
      `export { Product } from "../products";\nexport { Order } from "./entity";\n`,
    );
    expect(fine).toEqual([]);
    // a test may reach into another module (fixtures, entities to assert on)
    expect(await importErrors("server/src/modules/orders/fine.test.ts", `export { Product } from "../products/entity";\n`)).toEqual([]);
  });

  it("refuses app/ importing a module's files past its index.ts, but not its index; app's tests may", async () => {
    const deep = await importErrors("server/src/app/violation.ts", `export { ProductsService } from "../modules/products/service";\n`);
    expect(deep).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*app\/ uses a module only through its index\.ts/)]);
    const seed = await importErrors("server/src/app/seed/violation.ts", `export { Product } from "../../modules/products/entity";\n`);
    expect(seed).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*app\/ uses a module only through its index\.ts/)]);
    expect(await importErrors("server/src/app/fine.ts", `export { ProductsService } from "../modules/products";\n`)).toEqual([]);
    expect(await importErrors("server/src/app/fine.test.ts", `export { ProductsService } from "../modules/products/service";\n`)).toEqual(
      [],
    );
  });
});

describe("file size rules", () => {
  async function sizeErrors(file: string, lines: number): Promise<string[]> {
    const { fileSizeRules } = (await import("../eslint.config.mjs")) as { fileSizeRules: ESLint.ConfigData[] };
    const eslint = new ESLint({
      cwd: root,
      overrideConfigFile: true,
      overrideConfig: [{ files: ["**/*.ts", "**/*.tsx"], languageOptions: { parser: tseslint.parser } }, ...(fileSizeRules as never[])],
    });
    const code = Array.from({ length: lines }, (_, i) => `export const line${i} = ${i};`).join("\n") + "\n";
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
    return result.messages.map((m) => `${m.ruleId}`);
  }

  it("refuses a web file over 250 lines and a server module file over 400, and takes them at the limit", async () => {
    expect(await sizeErrors("web/src/features/cart/Long.tsx", 251)).toEqual(["max-lines"]);
    expect(await sizeErrors("web/src/features/cart/Long.tsx", 250)).toEqual([]);
    expect(await sizeErrors("server/src/modules/users/long.ts", 401)).toEqual(["max-lines"]);
    expect(await sizeErrors("server/src/modules/users/long.ts", 400)).toEqual([]);
    expect(await sizeErrors("web/src/generated/graphql.ts", 2000)).toEqual([]);
  });
});

import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadConfig } from "../platform/config";
import { startServer } from "../app/server";
import { generateBenchData, type BenchData } from "./data";
import { JWT_SECRET } from "./load";

/** The in-process server the data generation (and run.ts's saved-search scenario) run against. */
export const benchConfig = (url: string) =>
  loadConfig({
    NODE_ENV: "production",
    PUBLIC_URL: "http://127.0.0.1",
    JWT_SECRET,
    DATABASE_URL: url,
    PORT: "0",
    LOG_LEVEL: "warn",
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "ub-bench-")),
  });

/** An empty database made ready by the app (migrations, demo data), then `products` generated listings (data.ts). */
export async function seedBenchDatabase(url: string, products: number, say: (line: string) => void): Promise<BenchData> {
  say(`Generating ${products.toLocaleString("en-US")} listings...`);
  const setup = await startServer(benchConfig(url), { seed: true });
  try {
    return await generateBenchData(url, products, say);
  } finally {
    await setup.close();
  }
}

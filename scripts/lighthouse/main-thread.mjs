// The main thread's work while a landing page loads on a phone, for comparing web builds whose
// Lighthouse scores differ by less than their noise: Chromium's own counters (Performance.getMetrics:
// script, style, layout and all tasks, in ms) at 390 px with the CPU slowed 4×, as Lighthouse's
// mobile profile slows it, after the page's network is idle. Builds take turns, round after round.
// Usage: npm run build && cp -r web/dist /tmp/before && ...change, npm run build -w web... &&
//   node scripts/lighthouse/main-thread.mjs /tmp/before web/dist   (ROUNDS=4 LOADS=5 PAGES=home,product)
// Each build is copied into web/dist in its turn; web/dist is put back as it was at the end.
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import console from "node:console";
import process from "node:process";
import { chromium } from "playwright-core";
import { startBuiltServer } from "./built-server.mjs";

const root = path.resolve(import.meta.dirname, "../..");
const webDist = path.join(root, "web/dist");
const rounds = Number(process.env.ROUNDS ?? 4);
const loads = Number(process.env.LOADS ?? 5);
const wanted = process.env.PAGES?.split(",") ?? ["home", "shop", "product"];
const COUNTERS = { script: "ScriptDuration", style: "RecalcStyleDuration", layout: "LayoutDuration", tasks: "TaskDuration" };

const work = mkdtempSync(path.join(tmpdir(), "unibazaar-main-thread-"));
// each build copied once, so that web/dist may be one of them
const builds = process.argv.slice(2).map((dir, i) => {
  const copy = path.join(work, `build-${i}`);
  cpSync(path.resolve(dir), copy, { recursive: true });
  return { name: dir, copy, samples: {} };
});
if (builds.length === 0) throw new Error("usage: main-thread.mjs <web build folder> [<another>...]");
const original = path.join(work, "original");
cpSync(webDist, original, { recursive: true });

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium-headless-shell" });
try {
  for (let round = 0; round < rounds; round++) {
    // the order turns each round, so that neither build always runs on a warmer machine
    const order = round % 2 ? [...builds].reverse() : builds;
    for (const build of order) {
      rmSync(webDist, { recursive: true, force: true });
      cpSync(build.copy, webDist, { recursive: true });
      const server = await startBuiltServer(path.join(work, "data"));
      try {
        const pages = Object.entries(await server.landingPages()).filter(([name]) => wanted.includes(name));
        for (const [name, pathname] of pages) {
          // one unmeasured load first: the server's and the database's caches warm
          for (let i = 0; i <= loads; i++) {
            const sample = await mainThread(server.base + pathname);
            if (i > 0) (build.samples[name] ??= []).push(sample);
          }
        }
      } finally {
        await server.stop();
      }
    }
  }
} finally {
  await browser.close();
  rmSync(webDist, { recursive: true, force: true });
  cpSync(original, webDist, { recursive: true });
  rmSync(work, { recursive: true, force: true });
}

console.log(`${rounds} rounds of ${loads} loads a page and build; medians in ms of main-thread time (4× CPU slowdown, 390 px)`);
console.log(`| build | page | ${Object.keys(COUNTERS).join(" | ")} |`);
console.log(
  `|---|---|${Object.keys(COUNTERS)
    .map(() => "---:")
    .join("|")}|`,
);
for (const page of wanted)
  for (const build of builds) {
    const samples = build.samples[page] ?? [];
    console.log(
      `| ${build.name} | ${page} | ${Object.keys(COUNTERS)
        .map((k) => Math.round(median(samples.map((s) => s[k]))))
        .join(" | ")} |`,
    );
  }

async function mainThread(url) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Performance.enable");
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.goto(url, { waitUntil: "networkidle" });
    const { metrics } = await cdp.send("Performance.getMetrics");
    const value = Object.fromEntries(metrics.map((m) => [m.name, m.value]));
    return Object.fromEntries(Object.entries(COUNTERS).map(([key, counter]) => [key, value[counter] * 1000]));
  } finally {
    await context.close();
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * `node dist-bench/bench/profile-breakdown.js <folder> [skip seconds]`: where a server's CPU went,
 * from the V8 CPU profiles `npm run bench` writes with BENCH_CPU_PROF (node --cpu-prof): the self
 * time of every sample, by where its function lives (a package of node_modules, the app's own
 * modules, node's internals, garbage collection, idle), in percent of the busy time, one table a
 * thread. A profile covers the thread's whole life: skip its first seconds (the boot) to see the
 * requests alone.
 */
type ProfileNode = { id: number; callFrame: { functionName: string; url: string }; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

/** The part of the code a function belongs to. */
function partOf({ functionName, url }: ProfileNode["callFrame"]): string {
  if (!url) return functionName === "(garbage collector)" ? "garbage collection" : functionName === "(idle)" ? "idle" : "node internals";
  if (url.startsWith("node:")) return `node: ${url.slice(5).split("/")[0]}`;
  const packaged = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (packaged) return packaged[1];
  const own = url.match(/dist(?:-bench)?\/(.*)\/[^/]+\.js$/);
  return own ? `app: ${own[1]}` : url;
}

const folder = process.argv[2];
const skip = Number(process.argv[3] ?? 0) * 1e6;
// node names each thread's profile CPU.<date>.<time>.<pid>.<thread id>.<n>: the main thread is 0,
// the search index's worker another
for (const file of readdirSync(folder).filter((f) => f.endsWith(".cpuprofile"))) {
  const profile = JSON.parse(readFileSync(path.join(folder, file), "utf8")) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  let at = 0;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i];
    if (at < skip) return;
    const part = partOf(byId.get(id)!.callFrame);
    self.set(part, (self.get(part) ?? 0) + profile.timeDeltas[i]);
  });
  const busy = [...self].filter(([part]) => part !== "idle").reduce((sum, [, time]) => sum + time, 0);
  const thread = file.split(".")[4] === "0" ? "the main thread" : `worker thread ${file.split(".")[4]}`;
  console.log(`${file}: ${thread}, busy ${(busy / 1e6).toFixed(1)} s\n\n| where | share of busy time |\n|---|---:|`);
  for (const [part, time] of [...self]
    .filter(([p]) => p !== "idle")
    .sort((a, b) => b[1] - a[1])
    .slice(0, 25))
    console.log(`| ${part} | ${((100 * time) / busy).toFixed(1)} % |`);
  console.log();
}

import { Redis } from "ioredis";
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { createServer, type AddressInfo } from "node:net";

/** REDIS_URL when a Redis answers there; tests that need Redis skip with a reason otherwise. */
export async function answeringRedisUrl(): Promise<string | undefined> {
  const url = process.env.REDIS_URL;
  if (!url) return undefined;
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await redis.connect();
    return (await redis.ping()) === "PONG" ? url : undefined;
  } catch {
    return undefined;
  } finally {
    redis.disconnect();
  }
}

export const NO_REDIS = "needs REDIS_URL naming a Redis that answers (e.g. redis://127.0.0.1:6379)";

/** A free TCP port on loopback. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A redis-server of the test's own (no persistence, loopback, a free port) that the test can kill
 * and start again on the same port, to play an outage.
 */
export async function ownRedis(): Promise<{ url: string; start: () => Promise<void>; kill: () => Promise<void> }> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    const started = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    child = started;
    await new Promise<void>((resolve, reject) => {
      let said = "";
      started.stdout.on("data", (chunk: Buffer) => {
        said += chunk.toString();
        if (said.includes("Ready to accept connections")) resolve();
      });
      started.once("exit", (code) => reject(new Error(`redis-server exited (${code}): ${said}`)));
      started.once("error", reject);
    });
  };
  const kill = async () => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, "exit");
    child.kill("SIGKILL");
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, kill };
}

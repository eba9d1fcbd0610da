import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../test/harness";
import { NOTIFY_PAYLOAD_MAX_BYTES, PostgresChannel } from "./channel";

/** PostgresChannel on a real PostgreSQL: what one sends every listener hears, in order, and a cut connection is made again. */

const CHANNEL = "channel_test";

describe("PostgresChannel", () => {
  let url: string;
  let admin: Client;
  const opened: PostgresChannel[] = [];
  /** A channel and what it has heard. */
  const listener = () => {
    const heard: string[] = [];
    const channel = new PostgresChannel(url, CHANNEL, (payload) => heard.push(payload));
    opened.push(channel);
    return { channel, heard };
  };
  /** Sends `payload` from `channel` until it is heard there: the channel listens (its connection is made in the background). */
  const listening = async (channel: PostgresChannel, heard: string[], payload: string) =>
    expect
      .poll(async () => {
        await channel.send(payload).catch(() => undefined);
        return heard.includes(payload);
      })
      .toBe(true);

  beforeAll(async () => {
    url = await createTestDatabase();
    admin = new Client({ connectionString: url });
    await admin.connect();
  });
  afterAll(async () => {
    await Promise.all(opened.map((channel) => channel.close()));
    await admin?.end();
  });

  it("delivers what one process sends to every listener, in the order sent, sent together or not", async () => {
    const [a, b] = [listener(), listener()];
    await listening(a.channel, a.heard, "a listens");
    await listening(b.channel, b.heard, "b listens");
    const sent = Array.from({ length: 250 }, (_, i) => `event ${i}`);
    // sent at once: they go in batches, each one statement
    await Promise.all(sent.map((payload) => a.channel.send(payload)));
    await expect.poll(() => b.heard.filter((payload) => payload.startsWith("event "))).toEqual(sent);
    expect(a.heard.filter((payload) => payload.startsWith("event "))).toEqual(sent);
  });

  it("refuses at once a payload PostgreSQL would refuse, and sends one of the largest size it takes", async () => {
    const { channel, heard } = listener();
    await listening(channel, heard, "listens");
    await expect(channel.send("x".repeat(NOTIFY_PAYLOAD_MAX_BYTES + 1))).rejects.toThrow(/too long for NOTIFY/);
    // bytes, not characters: three bytes each
    await expect(channel.send("語".repeat(Math.ceil(NOTIFY_PAYLOAD_MAX_BYTES / 3)))).rejects.toThrow(/too long for NOTIFY/);
    const largest = "y".repeat(NOTIFY_PAYLOAD_MAX_BYTES);
    await channel.send(largest);
    await expect.poll(() => heard.includes(largest)).toBe(true);
  });

  it("listens again after its connection is cut", async () => {
    const { channel, heard } = listener();
    await listening(channel, heard, "before the cut");
    const cut = await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
    );
    expect(cut.rowCount).toBeGreaterThan(0);
    // heard again, sent by another session, once the connection is made again in the background
    await expect
      .poll(async () => {
        await admin.query("SELECT pg_notify($1, 'after the cut')", [CHANNEL]);
        return heard.includes("after the cut");
      })
      .toBe(true);
    await channel.send("its own after the cut");
    await expect.poll(() => heard.includes("its own after the cut")).toBe(true);
  });
});

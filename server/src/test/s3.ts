import { GetObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { answerAfter, holdRequest, type HeldRequest, type Hold } from "./hold";

/** s3rver's fixed credentials (it checks every request's signature against them). */
export const S3RVER_CREDENTIALS = { AWS_ACCESS_KEY_ID: "S3RVER", AWS_SECRET_ACCESS_KEY: "S3RVER" };

export type TestBucket = {
  /** What the app needs to use the bucket (with the credentials above in its environment). */
  env: { S3_BUCKET: string; S3_ENDPOINT: string; S3_REGION: string };
  /** The keys in the bucket under `prefix`. */
  keys: (prefix?: string) => Promise<string[]>;
  /** An object's bytes and content type, as stored. */
  get: (key: string) => Promise<{ bytes: Buffer; contentType?: string }>;
  close: () => Promise<void>;
};

/** A real S3-compatible server (s3rver) in this process, on a free port, with one empty bucket. */
export async function startTestBucket(): Promise<TestBucket> {
  const directory = await mkdtemp(path.join(tmpdir(), "unibazaar-s3-"));
  const bucket = "unibazaar-test";
  const s3rver = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await s3rver.run();
  const env = { S3_BUCKET: bucket, S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_REGION: "us-east-1" };
  const client = new S3Client({
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: true,
    credentials: { accessKeyId: S3RVER_CREDENTIALS.AWS_ACCESS_KEY_ID, secretAccessKey: S3RVER_CREDENTIALS.AWS_SECRET_ACCESS_KEY },
  });
  return {
    env,
    keys: async (prefix = "") => {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
      return (page.Contents ?? []).map((o) => o.Key!).sort();
    },
    get: async (key) => {
      const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return { bytes: Buffer.from(await res.Body!.transformToByteArray()), contentType: res.ContentType };
    },
    close: async () => {
      client.destroy();
      await s3rver.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/**
 * The bucket behind a front of the test's own that passes every request on, except that
 * `holdNext(method)` keeps the next request of that method waiting until released: a bucket that
 * answers slowly. `env` is the bucket's, through the front.
 */
export async function slowFront(
  bucket: TestBucket,
): Promise<{ env: TestBucket["env"]; holdNext: (method: string) => Hold; close: () => Promise<void> }> {
  const target = new URL(bucket.env.S3_ENDPOINT);
  let next: { method: string; held: HeldRequest } | undefined;
  const front = createServer((req, res) => {
    const held = next && next.method === req.method ? next.held : undefined;
    if (held) next = undefined;
    // as sent: the request is signed for this front's address, which its Host header names
    const onward = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) =>
        answerAfter(held, () => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        }),
    );
    onward.on("error", () => res.destroy());
    req.pipe(onward);
  });
  await new Promise<void>((resolve) => front.listen(0, "127.0.0.1", resolve));
  return {
    env: { ...bucket.env, S3_ENDPOINT: `http://127.0.0.1:${(front.address() as AddressInfo).port}` },
    holdNext: (method) => (next = { method, held: holdRequest() }).held,
    close: () => new Promise<void>((resolve) => front.close(() => resolve())),
  };
}

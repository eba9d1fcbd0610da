import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { createReadStream } from "node:fs";
import { mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";

/** An object as read for an answer: its bytes as a stream, and what the headers need. */
export type StoredObject = { body: Readable; contentType?: string; length?: number };

/**
 * Where files that every server process must see are kept (uploaded pictures and their sizes),
 * by key (`uploads/<name>`): a directory on this machine, or an S3-compatible bucket shared by all.
 */
export interface ObjectStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The whole object, or null when there is none. */
  read(key: string): Promise<Buffer | null>;
  /** The object as a stream for an answer, or null when there is none. */
  open(key: string): Promise<StoredObject | null>;
  exists(key: string): Promise<boolean>;
  /** Deletes every object whose key starts with one of `prefixes`. */
  deleteByPrefixes(prefixes: string[]): Promise<void>;
  /** For /ready: undefined when there is nothing remote to check, else whether the bucket answers. */
  reachable(): Promise<boolean | undefined>;
}

/** How long /ready waits for the bucket to answer. */
const READY_TIMEOUT_MS = 2_000;

export type S3Settings = { bucket: string; region: string; endpoint?: string };

/** The bucket when S3 is configured, else `root` on this machine's disk. */
export function createStorage(s3: S3Settings | undefined, root: string): ObjectStorage {
  return s3 ? new S3Storage(s3) : new DiskStorage(root);
}

/** Keys are paths under `root` (DATA_DIR): the quick start needs nothing but a disk. */
export class DiskStorage implements ObjectStorage {
  constructor(private readonly root: string) {}

  async put(key: string, body: Buffer): Promise<void> {
    const file = this.fileOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, body);
  }

  read(key: string): Promise<Buffer | null> {
    return readFile(this.fileOf(key)).catch(() => null);
  }

  async open(key: string): Promise<StoredObject | null> {
    const file = this.fileOf(key);
    const info = await stat(file).catch(() => null);
    return info?.isFile() ? { body: createReadStream(file), length: info.size } : null;
  }

  async exists(key: string): Promise<boolean> {
    return (await stat(this.fileOf(key)).catch(() => null))?.isFile() ?? false;
  }

  async deleteByPrefixes(prefixes: string[]): Promise<void> {
    // each directory read once, however many prefixes fall in it (the sweep passes thousands)
    const byDir = new Map<string, string[]>();
    for (const prefix of prefixes) {
      const dir = this.fileOf(path.posix.dirname(prefix));
      const names = byDir.get(dir) ?? [];
      names.push(path.posix.basename(prefix));
      byDir.set(dir, names);
    }
    for (const [dir, names] of byDir) {
      const starts = new Set(names);
      const lengths = new Set([...starts].map((start) => start.length));
      const files = await readdir(dir).catch(() => [] as string[]);
      const doomed = files.filter((f) => [...lengths].some((length) => starts.has(f.slice(0, length))));
      await Promise.all(doomed.map((f) => rm(path.join(dir, f), { force: true })));
    }
  }

  async reachable(): Promise<undefined> {
    return undefined;
  }

  private fileOf(key: string): string {
    // keys are made by the app, never taken from a request as they are; still never outside root
    const file = path.resolve(this.root, key);
    if (!file.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`storage key outside the data directory: ${key}`);
    return file;
  }
}

/**
 * An S3-compatible bucket (AWS S3, MinIO, R2, ...) through the AWS SDK; credentials come from the
 * SDK's default chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, a profile, an instance role).
 */
export class S3Storage implements ObjectStorage {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      // a custom endpoint (MinIO, a test server) names the bucket in the path, not in a subdomain
      forcePathStyle: settings.endpoint !== undefined,
      // checksums only where S3 demands them: many S3-compatible servers refuse the SDK's default ones
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }));
  }

  async read(key: string): Promise<Buffer | null> {
    const object = await this.open(key);
    if (!object) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of object.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async open(key: string): Promise<StoredObject | null> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return { body: res.Body as Readable, contentType: res.ContentType, length: res.ContentLength };
    } catch (error) {
      if (error instanceof NoSuchKey || error instanceof NotFound) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (error instanceof NotFound || error instanceof NoSuchKey) return false;
      throw error;
    }
  }

  async deleteByPrefixes(prefixes: string[]): Promise<void> {
    for (const prefix of prefixes) {
      let token: string | undefined;
      do {
        const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }));
        // one by one: a picture has a handful of objects, and not every S3-compatible server takes batch deletes
        for (const object of page.Contents ?? []) await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: object.Key }));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    }
  }

  async reachable(): Promise<boolean> {
    // bounded: a bucket that does not answer must not hold up the readiness probe (the SDK retries)
    return this.client.send(new HeadBucketCommand({ Bucket: this.bucket }), { abortSignal: AbortSignal.timeout(READY_TIMEOUT_MS) }).then(
      () => true,
      () => false,
    );
  }
}

import { createHash } from "node:crypto";
import type { RateLimiterPostgres } from "rate-limiter-flexible";
import sharp from "sharp";
import phash from "sharp-phash";
import type { DataSource } from "typeorm";
import type { AuthUser } from "../../platform/auth/roles";
import type { ObjectStorage } from "../../platform/storage";
import { consumeOrRefuse, postgresLimiter } from "../../platform/shared/rate-limits";
import { said } from "../../platform/i18n/errors";
import { badInput, payloadTooLarge } from "../../platform/shared/errors";
import { DECODE_LIMITS, DecodeQueue } from "./decode-limits";
import { Image } from "./entity";

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Bigger pictures are refused before decoding, so a small file cannot unpack into a huge bitmap. */
export const MAX_IMAGE_PIXELS = DECODE_LIMITS.maxPixels;
/** Shared by every upload of this process. */
const decodes = new DecodeQueue();
const MAX_SIDE = 1600;
const THUMB_SIDE = 400;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif"]);
/** Widths made of every upload, `<hash>-w<width>.webp`, for the web app's srcset (a card shows ~200 px). */
export const IMAGE_WIDTHS = [200, 400, 800] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/**
 * Uploads without sign-in (the legacy add-product form) per address per hour, counted in
 * PostgreSQL: generous, because a whole campus reaches the server from one address.
 */
export const ANONYMOUS_UPLOADS_PER_IP = 200;
/** Uploads without sign-in from all addresses together per hour: what bounds a spread-out abuse. */
export const ANONYMOUS_UPLOADS_PER_HOUR = 2_000;
/** Uploads per signed-in user per hour (a day's listings with full galleries fit). */
export const UPLOADS_PER_USER_PER_HOUR = 60;
/** An upload (signed in or not) that no product, profile or order line uses by then is deleted. */
export const UNUSED_UPLOAD_LIFETIME_MS = 24 * 60 * 60 * 1000;

export const TOO_MANY_FROM_ADDRESS = said("upload.tooManyFromAddress");
export const TOO_MANY_ANONYMOUS = said("upload.tooManyAnonymous");
export const TOO_MANY_FOR_USER = said("upload.tooManyForUser", { count: UPLOADS_PER_USER_PER_HOUR });

const WEBP = "image/webp";
/** The storage key of a file served at `/uploads/<name>`. */
export const keyOf = (name: string) => `uploads/${name}`;

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)?(;[\w-]+=[\w.-]+)*;base64,([A-Za-z0-9+/=\s]+)$/;

/**
 * Stores uploaded pictures: the format is read from the bytes (not the declared type), the image
 * is re-encoded to WebP without metadata (EXIF, GPS), a thumbnail is made, and files are named by
 * the hash of their content, kept in the object storage as `uploads/<name>` (DATA_DIR/uploads or
 * the bucket) and addressed as `/uploads/<name>`.
 */
export class UploadsService {
  private readonly anonymousByIp: RateLimiterPostgres;
  private readonly anonymousAll: RateLimiterPostgres;
  private readonly byUser: RateLimiterPostgres;

  constructor(
    private readonly dataSource: DataSource,
    readonly storage: ObjectStorage,
  ) {
    this.anonymousByIp = postgresLimiter(dataSource, { keyPrefix: "upload_anon_ip", points: ANONYMOUS_UPLOADS_PER_IP, duration: 3600 });
    this.anonymousAll = postgresLimiter(dataSource, { keyPrefix: "upload_anon_all", points: ANONYMOUS_UPLOADS_PER_HOUR, duration: 3600 });
    this.byUser = postgresLimiter(dataSource, { keyPrefix: "upload_user", points: UPLOADS_PER_USER_PER_HOUR, duration: 3600 });
  }

  /**
   * An upload with no account behind it (legacy clients post the image before anyone signs in):
   * the same checks as any upload, counted per address and over all addresses before the image is
   * decoded, and kept only if something uses it within a day (deleteUnusedUploads).
   */
  async uploadAnonymously(dataUrl: unknown, ip: string): Promise<Image> {
    await consumeOrRefuse([[this.anonymousByIp, ip]], TOO_MANY_FROM_ADDRESS);
    await consumeOrRefuse([[this.anonymousAll, "all"]], TOO_MANY_ANONYMOUS);
    return this.uploadDataUrl(dataUrl, null, `address:${ip}`);
  }

  /** A signed-in caller's upload: counted per user before decoding; kept only if something uses it within a day. */
  async upload(dataUrl: unknown, caller: AuthUser): Promise<Image> {
    await consumeOrRefuse([[this.byUser, caller.id]], TOO_MANY_FOR_USER);
    return this.uploadDataUrl(dataUrl, caller.id, `user:${caller.id}`);
  }

  /**
   * Deletes uploads (signed in or not) older than UNUSED_UPLOAD_LIFETIME_MS that no product (listed or
   * removed; main picture or gallery), profile, order line or chat photo refers to, by any address of the file; answers how many. The
   * server runs it every hour; `now` lets tests move the clock.
   */
  async deleteUnusedUploads(now: Date): Promise<number> {
    // the 64 hex characters after /uploads/ (string functions: a regex here was 18x slower on 100k products)
    const hashOf = (column: string) => `left(split_part(${column}, '/uploads/', 2), 64)`;
    const [rows] = await this.dataSource.query<[Array<{ hash: string }>, number]>(
      `DELETE FROM images i
        WHERE i."createdAt" < $1
          AND NOT EXISTS (SELECT 1 FROM products p WHERE ${hashOf("p.image")} = i.hash)
          AND NOT EXISTS (SELECT 1 FROM products p, unnest(p.gallery) g WHERE ${hashOf("g")} = i.hash)
          AND NOT EXISTS (SELECT 1 FROM users u WHERE ${hashOf('u."profileImage"')} = i.hash)
          AND NOT EXISTS (SELECT 1 FROM order_lines l WHERE ${hashOf('l."productImage"')} = i.hash)
          AND NOT EXISTS (SELECT 1 FROM messages m WHERE ${hashOf("m.image")} = i.hash)
        RETURNING i.hash`,
      [new Date(now.getTime() - UNUSED_UPLOAD_LIFETIME_MS)],
    );
    if (rows.length === 0) return 0;
    const hashes = new Set(rows.map((r) => r.hash));
    // every file of an image (full size, thumbnail, any variant) starts with its hash
    await this.storage.deleteByPrefixes([...hashes].map((hash) => keyOf(hash)));
    return rows.length;
  }

  /** Accepts `data:image/...;base64,...` as sent by the web app and legacy clients (limits: the callers above). */
  private async uploadDataUrl(dataUrl: unknown, uploaderId: string | null, sender: string): Promise<Image> {
    if (typeof dataUrl !== "string") throw badInput(said("upload.notADataUrl"), { image: said("upload.chooseImage") });
    const match = DATA_URL.exec(dataUrl.trim());
    if (!match) throw badInput(said("upload.notAnImage"), { image: said("upload.sendBase64") });
    // base64 is 4 characters per 3 bytes: refuse oversized input before decoding it
    if ((match[3].length * 3) / 4 > MAX_IMAGE_BYTES + 4) throw tooLarge();
    decodes.assertRoom(sender);
    return this.storeImage(Buffer.from(match[3], "base64"), uploaderId, sender);
  }

  /** `sender`: whose turn in the decode queue this is (an account, an address; the app's own images by default). */
  async storeImage(bytes: Buffer, uploaderId: string | null, sender = uploaderId ? `user:${uploaderId}` : "app"): Promise<Image> {
    if (bytes.length > MAX_IMAGE_BYTES) throw tooLarge();
    const { full, thumb, photoHash } = await decodes.run(sender, () => reencode(bytes));

    const hash = createHash("sha256").update(full.data).digest("hex");
    const repo = this.dataSource.getRepository(Image);
    const existing = await repo.findOneBy({ hash });
    if (existing) {
      // sent again: its 24 hours start over, so the sweep cannot take it from under the sender; a
      // signed-in uploader takes over a picture sent anonymously before
      await repo.update({ id: existing.id }, { createdAt: new Date(), ...(uploaderId && !existing.uploaderId ? { uploaderId } : {}) });
      return repo.findOneByOrFail({ id: existing.id });
    }

    await this.storage.put(keyOf(`${hash}.webp`), full.data, WEBP);
    await this.storage.put(keyOf(`${hash}-thumb.webp`), thumb, WEBP);
    for (const width of IMAGE_WIDTHS) await this.writeVariant(full.data, hash, width);
    await repo
      .createQueryBuilder()
      .insert()
      .values({
        hash,
        url: `/uploads/${hash}.webp`,
        thumbnailUrl: `/uploads/${hash}-thumb.webp`,
        width: full.info.width,
        height: full.info.height,
        bytes: full.data.length,
        photoHash,
        uploaderId,
      })
      .orIgnore()
      .execute();
    return repo.findOneByOrFail({ hash });
  }

  /**
   * Makes a width of a stored upload if it is missing (uploads stored before the widths existed);
   * false when there is no such upload.
   */
  async ensureVariant(hash: string, width: ImageWidth): Promise<boolean> {
    if (await this.storage.exists(keyOf(`${hash}-w${width}.webp`))) return true;
    const original = await this.storage.read(keyOf(`${hash}.webp`));
    if (!original) return false;
    await this.writeVariant(original, hash, width);
    return true;
  }

  private async writeVariant(webp: Buffer, hash: string, width: ImageWidth): Promise<void> {
    const data = await sharp(webp).resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer();
    await this.storage.put(keyOf(`${hash}-w${width}.webp`), data, WEBP);
  }
}

/**
 * Reads the header and refuses, before any decoding, what would cost too much to decode (see
 * DECODE_LIMITS); then decodes once, within the time budget, into the stored WebP, and makes the
 * thumbnail and the photo hash from that (small) WebP rather than from the upload again.
 */
export async function reencode(
  bytes: Buffer,
): Promise<{ full: { data: Buffer; info: sharp.OutputInfo }; thumb: Buffer; photoHash: string }> {
  let meta: sharp.Metadata;
  try {
    // the header only (no decode), so an oversized picture is named as such below
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw notAnImage();
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) throw notAnImage();
  refuseCostly(bytes, meta);

  let full: { data: Buffer; info: sharp.OutputInfo };
  let thumb: Buffer;
  let photoHash: string;
  try {
    // rotate() applies the EXIF orientation before the metadata is dropped (sharp keeps none by default)
    full = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
      .timeout({ seconds: DECODE_LIMITS.timeBudgetSeconds })
      .rotate()
      .resize(MAX_SIDE, MAX_SIDE, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    thumb = await sharp(full.data).resize(THUMB_SIDE, THUMB_SIDE, { fit: "cover" }).webp({ quality: 75 }).toBuffer();
    photoHash = await phash(full.data);
  } catch (error) {
    if (error instanceof Error && /timeout/i.test(error.message)) throw tooCostly();
    throw notAnImage();
  }

  return { full, thumb, photoHash };
}

/** The header's promises checked against DECODE_LIMITS: too many pixels, frames, or pixels for the file's size. */
function refuseCostly(bytes: Buffer, meta: sharp.Metadata): void {
  const pixels = (meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0);
  // sharp names a GIF's first frame's size; its decoder draws on the logical screen (bytes 6 to 9)
  const screen = meta.format === "gif" && bytes.length >= 10 ? bytes.readUInt16LE(6) * bytes.readUInt16LE(8) : pixels;
  const frames = meta.pages ?? 1;
  if (Math.max(pixels, screen) > MAX_IMAGE_PIXELS)
    throw badInput(said("upload.tooManyPixels"), { image: said("upload.underMegapixels", { megapixels: MAX_IMAGE_PIXELS / 1_000_000 }) });
  if (frames > DECODE_LIMITS.maxFrames || frames * Math.max(pixels, screen) > DECODE_LIMITS.maxAnimationPixels)
    throw badInput(said("upload.tooManyFrames"), {
      image: said("upload.stillOrFewFrames", { count: DECODE_LIMITS.maxFrames }),
    });
  if (pixels > DECODE_LIMITS.bombAbovePixels && pixels > bytes.length * DECODE_LIMITS.maxPixelsPerByte) throw tooCostly();
}

const notAnImage = () => badInput(said("upload.notAnImage"), { image: said("upload.useJpegPngWebpGif") });
const tooLarge = () => payloadTooLarge(said("upload.tooLarge"));
const tooCostly = () => badInput(said("upload.tooCostly"), { image: said("upload.smallerPicture") });

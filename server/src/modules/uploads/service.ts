import { createHash } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import type { DataSource } from "typeorm";
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

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)?(;[\w-]+=[\w.-]+)*;base64,([A-Za-z0-9+/=\s]+)$/;

/**
 * Stores uploaded pictures: the format is read from the bytes (not the declared type), the image
 * is re-encoded to WebP without metadata (EXIF, GPS), a thumbnail is made, and files are named by
 * the hash of their content under DATA_DIR/uploads.
 */
export class UploadsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly uploadsDir: string,
  ) {}

  /** Accepts `data:image/...;base64,...` as sent by the web app and legacy clients. */
  async uploadDataUrl(dataUrl: unknown, uploaderId: string | null): Promise<Image> {
    if (typeof dataUrl !== "string") throw badInput("image must be a data-URL string.", { image: "Choose an image file." });
    const match = DATA_URL.exec(dataUrl.trim());
    if (!match) throw badInput("The upload is not an image.", { image: "Send the image as a base64 data-URL." });
    // base64 is 4 characters per 3 bytes: refuse oversized input before decoding it
    if ((match[3].length * 3) / 4 > MAX_IMAGE_BYTES + 4) throw tooLarge();
    decodes.assertRoom();
    return this.storeImage(Buffer.from(match[3], "base64"), uploaderId);
  }

  async storeImage(bytes: Buffer, uploaderId: string | null): Promise<Image> {
    if (bytes.length > MAX_IMAGE_BYTES) throw tooLarge();
    const { full, thumb } = await decodes.run(() => reencode(bytes));

    const hash = createHash("sha256").update(full.data).digest("hex");
    const repo = this.dataSource.getRepository(Image);
    const existing = await repo.findOneBy({ hash });
    if (existing) return existing;

    await mkdir(this.uploadsDir, { recursive: true });
    await writeFile(path.join(this.uploadsDir, `${hash}.webp`), full.data);
    await writeFile(path.join(this.uploadsDir, `${hash}-thumb.webp`), thumb);
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
        uploaderId,
      })
      .orIgnore()
      .execute();
    return repo.findOneByOrFail({ hash });
  }
}

/** Reads the header, refuses what is not a small-enough picture, then decodes into the stored WebP and its thumbnail. */
async function reencode(bytes: Buffer): Promise<{ full: { data: Buffer; info: sharp.OutputInfo }; thumb: Buffer }> {
  let format: string | undefined;
  let width = 0;
  let height = 0;
  try {
    // the header only (no decode), so an oversized picture is named as such below
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    format = meta.format;
    width = meta.width ?? 0;
    height = meta.height ?? 0;
  } catch {
    throw notAnImage();
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw notAnImage();
  if (width * height > MAX_IMAGE_PIXELS)
    throw badInput("The image has too many pixels.", { image: `Use an image under ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.` });

  let full: { data: Buffer; info: sharp.OutputInfo };
  let thumb: Buffer;
  try {
    // rotate() applies the EXIF orientation before the metadata is dropped (sharp keeps none by default)
    const source = () => sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate();
    full = await source()
      .resize(MAX_SIDE, MAX_SIDE, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    thumb = await source().resize(THUMB_SIDE, THUMB_SIDE, { fit: "cover" }).webp({ quality: 75 }).toBuffer();
  } catch {
    throw notAnImage();
  }

  return { full, thumb };
}

const notAnImage = () => badInput("The upload is not an image.", { image: "Use a JPEG, PNG, WebP or GIF image." });
const tooLarge = () => payloadTooLarge("The image is larger than 5 MB.");

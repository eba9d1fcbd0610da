import type { EntityManager } from "typeorm";

/**
 * Two photos whose perceptual hashes differ in at most this many of 64 bits are the same picture.
 * Tuned in photos.test.ts: resized, re-encoded (JPEG, WebP) and slightly cropped copies of a photo
 * stay within 13; unrelated photos are 21 or more apart.
 */
export const COPIED_PHOTO_DISTANCE = 16;

/** What a listing held for a copied photo tells its seller (and admins). */
export const COPIED_PHOTO_HOLD =
  "Held for review: its photo matches another seller's listing. Upload a photo you took of your item; an admin will check it.";

/** The upload hash in an image address (/uploads/<hash>.webp, relative or absolute); matches products_image_upload_idx. */
const uploadHashOf = (address: string) => `left(split_part(${address}, '/uploads/', 2), 64)`;

/**
 * The id of another seller's listing (not deleted) whose main photo matches one of `images` (uploads of
 * this site; other addresses have no hash), or null. One pass over the uploads' hashes.
 */
export async function copiedPhotoOf(manager: EntityManager, sellerId: string, images: string[]): Promise<string | null> {
  const [row] = await manager.query<Array<{ id: string }>>(
    `SELECT p.id FROM images mine
       JOIN images other ON bit_count(other."photoHash" # mine."photoHash") <= $3
       JOIN products p ON ${uploadHashOf("p.image")} = other.hash AND p."sellerId" <> $1 AND p."deletedAt" IS NULL
      WHERE mine.hash IN (SELECT ${uploadHashOf("a")} FROM unnest($2::text[]) a) AND mine."photoHash" IS NOT NULL
      LIMIT 1`,
    [sellerId, images, COPIED_PHOTO_DISTANCE],
  );
  return row?.id ?? null;
}

/** A held listing's copied photo beside the photo it matches: what an admin compares before deciding. */
export type CopiedPhotoMatch = { heldId: string; photo: string; originalId: string; originalPhoto: string };

/**
 * For each of `heldIds` (listings held for a copied photo): which of its photos matches which other
 * seller's listing (the oldest such listing: the original). One query for a page of held listings;
 * a listing whose match is gone (deleted since) has none.
 */
export async function copiedPhotoMatches(manager: EntityManager, heldIds: string[]): Promise<CopiedPhotoMatch[]> {
  if (!heldIds.length) return [];
  return manager.query<CopiedPhotoMatch[]>(
    `SELECT DISTINCT ON (h.id) h.id AS "heldId", photo, p.id AS "originalId", p.image AS "originalPhoto"
       FROM products h CROSS JOIN LATERAL unnest(array_prepend(h.image, h.gallery)) photo
       JOIN images mine ON mine.hash = ${uploadHashOf("photo")} AND mine."photoHash" IS NOT NULL
       JOIN images other ON bit_count(other."photoHash" # mine."photoHash") <= $2
       JOIN products p ON ${uploadHashOf("p.image")} = other.hash AND p."sellerId" <> h."sellerId" AND p."deletedAt" IS NULL
      WHERE h.id = ANY($1::uuid[])
      ORDER BY h.id, p."createdAt", p.id`,
    [heldIds, COPIED_PHOTO_DISTANCE],
  );
}

/** A listing's new photos screened: held for review when one is copied from another seller's listing. */
export async function copiedPhotoHold(manager: EntityManager, sellerId: string, images: string[]): Promise<string | null> {
  return (await copiedPhotoOf(manager, sellerId, images)) ? COPIED_PHOTO_HOLD : null;
}

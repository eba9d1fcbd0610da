/** Reads a file (or a shrunk copy) as an inline data URL (what uploadImage takes). */
export function readFileAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error("Could not read the file."));
    reader.readAsDataURL(file);
  });
}

// What the server stores (modules/uploads: JPEG, PNG, WebP or GIF, at most 5 MB, kept at 1600 px at most).
const ACCEPTED_TYPES = new Set(["image/jpeg", "image/png", "image/webp", "image/gif"]);
const SERVER_MAX_BYTES = 5 * 1024 * 1024;
const STORED_SIDE = 1600;
/** Bigger than any phone photo: not worth reading into a phone's memory. */
const MAX_PICK_BYTES = 30 * 1024 * 1024;
/** Above this the browser shrinks the picture first: a faster upload on mobile data, and never over the server's limit. */
const SHRINK_ABOVE_BYTES = 1.5 * 1024 * 1024;

/** Checked the moment a file is picked: the problem in words, or null when it can be uploaded. */
export function pickedImageProblem(file: File): string | null {
  if (!ACCEPTED_TYPES.has(file.type)) return "Choose a JPEG, PNG, WebP or GIF picture.";
  if (file.size > MAX_PICK_BYTES) return "The picture is larger than 30 MB. Choose a smaller one.";
  return null;
}

/**
 * The picture as a data URL for uploadImage: small files as they are; large ones (a 6 MB phone
 * photo) drawn on a canvas at the size the server keeps anyway, so they upload quickly and fit.
 */
export async function imageForUpload(file: File): Promise<string> {
  if (file.size <= SHRINK_ABOVE_BYTES) return readFileAsDataUrl(file);
  const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  const scale = Math.min(1, STORED_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const encode = (type: string) => new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.85));
  // WebP keeps transparency; a browser that cannot write it gets JPEG
  let shrunk = await encode("image/webp");
  if (!shrunk || shrunk.type !== "image/webp") shrunk = await encode("image/jpeg");
  if (!shrunk) throw new Error("Could not shrink the picture.");
  if (shrunk.size > SERVER_MAX_BYTES) throw new Error("The picture is still larger than 5 MB after shrinking.");
  return readFileAsDataUrl(shrunk);
}

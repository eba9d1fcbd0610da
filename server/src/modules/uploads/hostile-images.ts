import sharp from "sharp";

/**
 * The worst small files an attacker can send, made byte for byte: the decode test refuses or
 * bounds each, and `npm run bench:decode -w server` measures them (docs/benchmarks.md).
 */

/**
 * A GIF of `frames` one-pixel frames on a `width` x `height` logical screen, each restoring the
 * background before the next: a few bytes a frame, and a decoder that composites every frame onto
 * the full screen does width x height work per frame.
 */
export function manyFrameGif(width: number, height: number, frames: number): Buffer {
  const u16 = (n: number) => [n & 0xff, n >> 8];
  const parts: number[] = [
    ...Buffer.from("GIF89a"),
    ...u16(width),
    ...u16(height),
    0xf0, // a global colour table of 2 entries
    0,
    0,
    ...[0, 0, 0, 255, 255, 255],
    // loop forever (NETSCAPE2.0): an animation, as browsers see it
    ...[0x21, 0xff, 0x0b, ...Buffer.from("NETSCAPE2.0"), 0x03, 0x01, 0x00, 0x00, 0x00],
  ];
  for (let i = 0; i < frames; i++) {
    // graphic control: dispose to background, 10 ms
    parts.push(0x21, 0xf9, 0x04, 0x08, ...u16(1), 0x00, 0x00);
    // one pixel at a spot that moves over the screen
    parts.push(0x2c, ...u16((i * 37) % width), ...u16((i * 53) % height), ...u16(1), ...u16(1), 0x00);
    // LZW, minimum code size 2: clear, pixel 0, end (3-bit codes 4, 0, 5)
    parts.push(0x02, 0x02, 0x44, 0x01, 0x00);
  }
  parts.push(0x3b);
  return Buffer.from(parts);
}

/** A PNG of one colour, `width` x `height`: deflate packs the rows ~1000:1, so 16 megapixels is about 50 KB. */
export function hugePlainPng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 0, g: 0, b: 0 } } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

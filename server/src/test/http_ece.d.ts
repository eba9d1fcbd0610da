// http_ece ships no types: what the tests use of it (RFC 8188 decryption, as a browser does for Web Push)
declare module "http_ece" {
  import type { ECDH } from "node:crypto";
  export function decrypt(buffer: Buffer, params: { version: "aes128gcm"; privateKey: ECDH; authSecret: Buffer }): Buffer;
}

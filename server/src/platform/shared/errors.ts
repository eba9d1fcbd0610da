import type { PhraseParams } from "../i18n";
import { said, type Said } from "../i18n/errors";

/**
 * Domain errors thrown by services. Each carries a code that GraphQL puts in `extensions.code`
 * and REST maps to an HTTP status, so one failure reads the same on both APIs.
 */
export type ErrorCode =
  | "UNAUTHENTICATED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "BAD_USER_INPUT"
  | "CONFLICT"
  | "RATE_LIMITED"
  | "PAYLOAD_TOO_LARGE"
  | "SERVICE_UNAVAILABLE";

/** An English sentence, or a refusal by key (`said(...)` in platform/i18n/errors.ts) that each reader's app says in their language. */
export type ErrorMessage = string | Said;
export type FieldErrors = Record<string, ErrorMessage>;
/** A message's key and parameters, as GraphQL errors carry them. */
export type MessageKey = { key: string; params: PhraseParams };

const textOf = (message: ErrorMessage) => (typeof message === "string" ? message : message.text);
const keyOf = (message: ErrorMessage): MessageKey | undefined =>
  typeof message === "string" ? undefined : { key: message.key, params: message.params };

export class AppError extends Error {
  /** The message by key, when it was said by key. */
  readonly said?: MessageKey;
  /** Per-field messages in English (REST and GraphQL both send these). */
  readonly fields?: Record<string, string>;
  /** The per-field messages said by key. */
  readonly fieldKeys?: Record<string, MessageKey>;

  constructor(
    readonly code: ErrorCode,
    message: ErrorMessage,
    fields?: FieldErrors,
  ) {
    super(textOf(message));
    this.name = "AppError";
    this.said = keyOf(message);
    if (fields) {
      this.fields = Object.fromEntries(Object.entries(fields).map(([field, m]) => [field, textOf(m)]));
      const keyed = Object.entries(fields).flatMap(([field, m]) => (typeof m === "string" ? [] : [[field, keyOf(m)!] as const]));
      if (keyed.length) this.fieldKeys = Object.fromEntries(keyed);
    }
  }
}

export const unauthenticated = (message: ErrorMessage = said("auth.signInFirst")) => new AppError("UNAUTHENTICATED", message);
export const forbidden = (message: ErrorMessage = said("auth.notAllowed")) => new AppError("FORBIDDEN", message);
export const notFound = (message: ErrorMessage = "Not found.") => new AppError("NOT_FOUND", message);
export const badInput = (message: ErrorMessage, fields?: FieldErrors) => new AppError("BAD_USER_INPUT", message, fields);
export const conflict = (message: ErrorMessage) => new AppError("CONFLICT", message);
export const rateLimited = (message: ErrorMessage = said("auth.tooManyAttempts")) => new AppError("RATE_LIMITED", message);
export const payloadTooLarge = (message: ErrorMessage) => new AppError("PAYLOAD_TOO_LARGE", message);
/** Something we depend on (e.g. the mail server) failed; nothing was changed, and a retry may work. */
export const serviceUnavailable = (message: ErrorMessage) => new AppError("SERVICE_UNAVAILABLE", message);

export const HTTP_STATUS: Record<ErrorCode, number> = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  BAD_USER_INPUT: 400,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  PAYLOAD_TOO_LARGE: 413,
  SERVICE_UNAVAILABLE: 503,
};

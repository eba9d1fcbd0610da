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

export type FieldErrors = Record<string, string>;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldErrors,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const unauthenticated = (message = "You must be signed in.") => new AppError("UNAUTHENTICATED", message);
export const forbidden = (message = "You are not allowed to do this.") => new AppError("FORBIDDEN", message);
export const notFound = (message = "Not found.") => new AppError("NOT_FOUND", message);
export const badInput = (message: string, fields?: FieldErrors) => new AppError("BAD_USER_INPUT", message, fields);
export const conflict = (message: string) => new AppError("CONFLICT", message);
export const rateLimited = (message = "Too many attempts. Please try again later.") => new AppError("RATE_LIMITED", message);
export const payloadTooLarge = (message: string) => new AppError("PAYLOAD_TOO_LARGE", message);
/** Something we depend on (e.g. the mail server) failed; nothing was changed, and a retry may work. */
export const serviceUnavailable = (message: string) => new AppError("SERVICE_UNAVAILABLE", message);

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

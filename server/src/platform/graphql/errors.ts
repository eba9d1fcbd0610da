import type { GraphQLFormattedError } from "graphql";
import { GraphQLError } from "graphql";
import { AppError } from "../shared/errors";

/** Codes Apollo itself gives to a bad request; they are safe to show as they are. */
const CLIENT_ERROR_CODES = new Set([
  "GRAPHQL_PARSE_FAILED",
  "GRAPHQL_VALIDATION_FAILED",
  "BAD_USER_INPUT",
  "BAD_REQUEST",
  "PERSISTED_QUERY_NOT_FOUND",
  "PERSISTED_QUERY_NOT_SUPPORTED",
  "OPERATION_RESOLUTION_FAILURE",
]);

export function findAppError(error: unknown): AppError | undefined {
  let current: unknown = error;
  while (current) {
    if (current instanceof AppError) return current;
    current = current instanceof GraphQLError ? current.originalError : undefined;
  }
  return undefined;
}

export const isClientError = (error: GraphQLError): boolean =>
  Boolean(findAppError(error)) || CLIENT_ERROR_CODES.has(String(error.extensions?.code));

/**
 * Shapes every GraphQL error: domain errors keep their code, key and parameters, and per-field messages, request errors
 * pass through, and anything unexpected (logged by the server with the request id) loses its detail.
 */
export function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const appError = findAppError(error);
  if (appError) {
    return {
      message: appError.message,
      path: formatted.path,
      locations: formatted.locations,
      extensions: {
        code: appError.code,
        // said by key: the app shows it in the reader's language, the English message stays for everyone else
        ...(appError.said ? { key: appError.said.key, params: appError.said.params } : {}),
        ...(appError.fields ? { fields: appError.fields } : {}),
        ...(appError.fieldKeys ? { fieldKeys: appError.fieldKeys } : {}),
      },
    };
  }
  const code = formatted.extensions?.code;
  if (typeof code === "string" && CLIENT_ERROR_CODES.has(code)) {
    return { message: formatted.message, locations: formatted.locations, path: formatted.path, extensions: { code } };
  }
  return {
    message: "Something went wrong on our side. Please try again.",
    path: formatted.path,
    extensions: { code: "INTERNAL_SERVER_ERROR" },
  };
}

/**
 * The error without graphql-js's "Did you mean …?" (unknown fields, arguments, enum values in
 * variables): with introspection off, suggestions would reveal the schema name by name.
 */
export const withoutSuggestions = (error: GraphQLFormattedError): GraphQLFormattedError => ({
  ...error,
  message: error.message.replace(/ ?Did you mean .+\?$/s, ""),
});

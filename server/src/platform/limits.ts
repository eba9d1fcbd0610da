/**
 * The limits on what one request or one socket may make the server do, in one place
 * (docs/security.md says why each is what it is).
 */

/**
 * Tokens in one GraphQL document: parsing stops there, before any walk of the query. The web app's
 * largest operation has a few hundred; each of graphql-js's validation passes is linear in them.
 */
export const MAX_QUERY_TOKENS = 10_000;
/** Fields nested in one operation (root fields are at depth 0). */
export const MAX_QUERY_DEPTH = 10;
/** Estimated cost of one query or mutation: a full page of 50 orders with lines, parties and timeline weighs about 2,500. */
export const MAX_QUERY_COMPLEXITY = 5_000;
/** Estimated cost of one subscription: every field is sent again with each event, to each socket. */
export const MAX_SUBSCRIPTION_COMPLEXITY = 100;
/** Root fields (aliases and fragments expanded) in one operation, and of them mutations: stops alias amplification. */
export const MAX_ROOT_FIELDS = 20;
export const MAX_MUTATIONS = 5;

/** Nesting of arrays and objects in a JSON body: deeper is refused before any walk of it. */
export const MAX_JSON_DEPTH = 64;

/** WebSocket (subscriptions on /graphql): open sockets per client address and per server process. */
export const MAX_SOCKETS_PER_ADDRESS = 20;
export const MAX_SOCKETS_PER_PROCESS = 5_000;
/** Subscriptions open at once on one socket (the web app opens three). */
export const MAX_SUBSCRIPTIONS_PER_SOCKET = 10;
/** Largest WebSocket frame the server reads; a subscribe message is a few kilobytes. */
export const MAX_SOCKET_FRAME_BYTES = 64 * 1024;

/** A Redis command unanswered by then fails, and its caller takes its way without Redis (the database, this process). */
export const REDIS_COMMAND_TIMEOUT_MS = 500;
/** While Redis counts as not answering, how often it is asked again (in the background, never on a request's path). */
export const REDIS_PROBE_INTERVAL_MS = 1_000;
/** Reconnection attempts to a lost Redis are at most this far apart: the app is back on Redis about a second after it returns. */
export const REDIS_RECONNECT_MAX_DELAY_MS = 1_000;
/**
 * For this long after Redis answers again, live events go to the other processes through both Redis
 * and PostgreSQL: their Redis subscriptions come back within a reconnection or two (each delivers an
 * event once).
 */
export const LIVE_FALLBACK_GRACE_MS = 5_000;

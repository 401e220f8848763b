const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a client's id can name a row at all: ids are uuids, and PostgreSQL refuses a malformed
 * one with an error, so a route checks first and answers "not found" instead.
 */
export const isUuid = (s: string | null | undefined): s is string => typeof s === 'string' && UUID_RE.test(s);

/** The largest request body Tandem reads; a visitor's snapshot of a large page fits many times over. */
export const MAX_REQUEST_BODY_BYTES = 20 * 1024 * 1024;

export const BODY_TOO_LARGE_MESSAGE = `body: larger than ${MAX_REQUEST_BODY_BYTES / 1024 / 1024} MB`;

/**
 * The remote console's caps, zod-free so the visitor script's console bundle takes them without a
 * schema: the page drops (and counts) what passes them, the service refuses a body that passes them.
 */
export const CONSOLE_TEXT_MAX = 2000;
export const CONSOLE_STACK_MAX = 2000;
export const CONSOLE_URL_MAX = 2048;
/** Messages a page sends a second; the rest are counted in `dropped`. */
export const CONSOLE_MESSAGES_PER_SECOND = 20;
export const CONSOLE_BATCH_MAX = 20;

/** Where the gateway serves the console; its client routes live under it. */
export const CONSOLE_BASE = '/console';

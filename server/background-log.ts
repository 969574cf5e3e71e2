/**
 * What background work (a listener, a timer) logs through when no request is there to log for:
 * Fastify's `app.log` fits, and so does consoleLog before the app exists.
 */
export interface BackgroundLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

export const consoleLog: BackgroundLog = {
  warn: (details, message) => console.warn(message, details),
  info: (details, message) => console.log(message, details),
};

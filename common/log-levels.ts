/** spec §9: log levels debug, info, warn, error; the default level is error. */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const DEFAULT_LOG_LEVEL: LogLevel = 'error';

/** Whether a message of `level` passes a logger set to `threshold`: logs('warn', 'error') === false. */
export function logs(level: LogLevel, threshold: LogLevel = DEFAULT_LOG_LEVEL): boolean {
  return LOG_LEVELS.indexOf(level) >= LOG_LEVELS.indexOf(threshold);
}

import { logs, type LogLevel } from '../../common/log-levels.ts';
import { sendBeaconPost } from '../data/csrf.ts';

/**
 * The portal's client log (spec §1 configuration "logging endpoint and level", §7 "failed
 * requests are logged with method, url and message"): messages at or above the tenant's level go
 * to the console and, when the tenant names an endpoint, to the server. Before the configuration
 * is known only errors pass, to the console.
 */
interface LoggerSettings {
  endpoint?: string;
  level: LogLevel;
}

let settings: LoggerSettings = { level: 'error' };

export function configureLogger(next: LoggerSettings): void {
  settings = next;
}

export function log(level: LogLevel, message: string, details: Record<string, unknown> = {}): void {
  if (!logs(level, settings.level)) return;
  console[level === 'debug' ? 'debug' : level](message, details);
  // The server's render of a page (app/entry-server.tsx) leaves the endpoint to the browser.
  if (!settings.endpoint || typeof window === 'undefined') return;
  sendBeaconPost(settings.endpoint, { level, message: message.slice(0, 1000), url: window.location.pathname, details });
}

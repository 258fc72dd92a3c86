import pino from "pino";

/** JSON logs in production; human-readable in development. Secrets never reach a log line. */
export function createLogger(options: { level: string; pretty: boolean }) {
  return pino({
    level: options.level,
    redact: {
      paths: [
        "req.headers.cookie",
        "req.headers.authorization",
        'res.headers["set-cookie"]',
        "*.password",
        "*.token",
      ],
      censor: "[redacted]",
    },
    transport: options.pretty
      ? { target: "pino-pretty", options: { translateTime: "HH:MM:ss", ignore: "pid,hostname" } }
      : undefined,
  });
}
export type { Logger } from "pino";

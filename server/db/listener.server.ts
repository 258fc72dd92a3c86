import { randomBytes } from "node:crypto";
import pg from "pg";

export type ListenHandlers = {
  onNotify(payload: string): void;
  /** `reason` says why a connection was given up (false) or that it is back (true). */
  onState(listening: boolean, reason?: string): void;
  /** A heartbeat came back: the connection was proven alive just now. */
  onHeartbeat?(): void;
};

/** setTimeout/clearTimeout, injected so tests can drive the heartbeat without waiting. */
export type Timers = {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

export type ListenOptions = {
  /** How often the connection proves it still hears: a NOTIFY it must receive back. */
  heartbeatMs: number;
  /** How long that round trip may take before the connection counts as dead. */
  heartbeatTimeoutMs: number;
  /** Wait before the first reconnect; it doubles after each failed one up to `maxReconnectMs`. */
  reconnectMs: number;
  maxReconnectMs: number;
  timers: Timers;
};

export const DEFAULT_LISTEN_OPTIONS: ListenOptions = {
  heartbeatMs: 5_000,
  heartbeatTimeoutMs: 5_000,
  reconnectMs: 500,
  maxReconnectMs: 30_000,
  timers: {
    setTimeout: (run, ms) => setTimeout(run, ms).unref(),
    clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
  },
};

/*
 * Heartbeats travel on the watched channel itself, so every instance hears every instance's
 * beats: they are recognised by this prefix (no table is named so) and never reach onNotify.
 */
const BEAT_PREFIX = "heartbeat ";

/** How the listening connection shows in pg_stat_activity. */
export const LISTENER_NAME = "change feed";

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries). A connection
 * can die without a word (a NAT or load balancer forgets it; both ends keep their sockets), so
 * TCP keepalive probes an idle one and a heartbeat, a NOTIFY sent on the connection that must
 * come back on it, proves every few seconds that notifications still arrive. When a beat is
 * late, or the connection errors or ends, it is dropped (`onState(false)`) and replaced, after
 * a wait that grows while reconnecting fails; `onState(true)` once the new one listens (ADR 63).
 */
export async function listenPostgres(
  url: string,
  channel: string,
  handlers: ListenHandlers,
  options: Partial<ListenOptions> = {},
): Promise<() => Promise<void>> {
  const o = { ...DEFAULT_LISTEN_OPTIONS, ...options };
  const { timers } = o;
  const instance = randomBytes(6).toString("hex");
  let current: pg.Client | null = null;
  let stopped = false;
  let failures = 0;
  let beats = 0;
  let expected: string | null = null; // the payload of the beat on its way
  let timer: unknown; // the next beat, its deadline, or the next reconnect: one at a time

  const later = (run: () => void, ms: number) => {
    timers.clearTimeout(timer);
    timer = timers.setTimeout(run, ms);
  };

  const drop = (client: pg.Client, reason: string) => {
    if (current !== client) return;
    current = null;
    expected = null;
    timers.clearTimeout(timer);
    // Not end(): its goodbye could wait forever on a connection that no longer carries bytes.
    client.connection.stream.destroy();
    handlers.onState(false, reason);
    if (stopped) return;
    later(() => void connect(), Math.min(o.maxReconnectMs, o.reconnectMs * 2 ** failures));
    failures += 1;
  };

  const beat = (client: pg.Client) => {
    beats += 1;
    expected = `${BEAT_PREFIX}${instance} ${beats}`;
    later(() => drop(client, "heartbeat missed"), o.heartbeatTimeoutMs);
    client
      .query("select pg_notify($1, $2)", [channel, expected])
      .catch((error: Error) => drop(client, error.message));
  };

  const heard = (client: pg.Client, payload: string) => {
    if (!payload.startsWith(BEAT_PREFIX)) return handlers.onNotify(payload);
    if (payload !== expected || current !== client) return; // another instance's beat
    expected = null;
    handlers.onHeartbeat?.();
    later(() => beat(client), o.heartbeatMs);
  };

  const connect = async () => {
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: 5000,
      application_name: LISTENER_NAME,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    current = client;
    client.on("notification", (message) => heard(client, message.payload ?? ""));
    client.on("error", (error) => drop(client, error.message));
    client.on("end", () => drop(client, "connection ended"));
    try {
      await client.connect(); // given up by pg after connectionTimeoutMillis
      if (current !== client) return;
      later(() => drop(client, "LISTEN not answered"), o.heartbeatTimeoutMs);
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      return drop(client, error instanceof Error ? error.message : String(error));
    }
    if (current !== client) return;
    failures = 0;
    handlers.onState(true);
    later(() => beat(client), o.heartbeatMs);
  };

  await connect();
  return async () => {
    stopped = true;
    timers.clearTimeout(timer);
    const client = current;
    current = null;
    if (!client) return;
    // A goodbye if the connection still carries one, else just the socket closed.
    const ended = client.end().catch(() => {});
    await Promise.race([ended, new Promise((r) => setTimeout(r, 1000).unref())]);
    client.connection.stream.destroy();
  };
}

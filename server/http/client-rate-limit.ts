export type ClientRateLimit = {
  /** Counts one request of `client` at `now` (ms); `retryAfterSeconds` when it is one too many. */
  hit: (
    client: string,
    now: number,
  ) => { allowed: true } | { allowed: false; retryAfterSeconds: number };
};

/**
 * At most `limit` requests per client in a window of `windowMs` that begins with its first
 * request, counted in this process's memory: a limit on reads needs no agreement between
 * instances (each one guards its own capacity) and must not cost a database round trip per
 * read. Clients whose window has ended are dropped once `maxClients` are held; while that many
 * are still counting, a new one goes uncounted rather than growing the map (the concurrency
 * limit still holds).
 */
export function clientRateLimit(options: {
  limit: number;
  windowMs: number;
  maxClients?: number;
}): ClientRateLimit {
  const { limit, windowMs, maxClients = 100_000 } = options;
  const windows = new Map<string, { start: number; count: number }>();
  let sweptAt = -Infinity;
  /** Room for one more client, dropping ended windows at most once a second. */
  const room = (now: number) => {
    if (windows.size < maxClients) return true;
    if (now - sweptAt < 1000) return false;
    sweptAt = now;
    for (const [client, window] of windows) {
      if (now >= window.start + windowMs) windows.delete(client);
    }
    return windows.size < maxClients;
  };
  return {
    hit(client, now) {
      let window = windows.get(client);
      if (!window || now >= window.start + windowMs) {
        if (!window && !room(now)) return { allowed: true };
        window = { start: now, count: 0 };
        windows.set(client, window);
      }
      window.count += 1;
      if (window.count <= limit) return { allowed: true };
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((window.start + windowMs - now) / 1000)),
      };
    },
  };
}

/**
 * The rate-limit key of a client address: an IPv6 host usually holds a whole /64, so its
 * addresses count as one client; an IPv4 address (also written IPv4-mapped) is itself.
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!ip.includes(":")) return ip;
  const [head = "", tail] = ip.toLowerCase().split("%")[0]!.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

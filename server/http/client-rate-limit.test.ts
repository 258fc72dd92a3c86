import { describe, expect, it } from "vitest";
import { clientKey, clientRateLimit } from "./client-rate-limit";

const T0 = Date.parse("2026-11-24T10:00:00Z");

describe("clientRateLimit", () => {
  it("allows `limit` requests per client in a window from its first, then says when to come back", () => {
    const limit = clientRateLimit({ limit: 2, windowMs: 60_000 });
    expect(limit.hit("a", T0)).toEqual({ allowed: true });
    expect(limit.hit("a", T0 + 1000)).toEqual({ allowed: true });
    expect(limit.hit("a", T0 + 20_500)).toEqual({ allowed: false, retryAfterSeconds: 40 });
    // Another client has a count and a window of its own.
    expect(limit.hit("b", T0 + 20_500)).toEqual({ allowed: true });
    expect(limit.hit("b", T0 + 61_000)).toEqual({ allowed: true });
    expect(limit.hit("b", T0 + 62_000)).toEqual({ allowed: false, retryAfterSeconds: 19 });
    // When its window has passed a client starts afresh.
    expect(limit.hit("a", T0 + 60_000)).toEqual({ allowed: true });
  });

  it("says at least one second, also at a window's last instant", () => {
    const limit = clientRateLimit({ limit: 0, windowMs: 60_000 });
    limit.hit("a", T0);
    expect(limit.hit("a", T0 + 59_999)).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it("holds at most maxClients, dropping ended windows, and leaves the rest uncounted", () => {
    const limit = clientRateLimit({ limit: 1, windowMs: 60_000, maxClients: 2 });
    limit.hit("a", T0);
    limit.hit("b", T0 + 30_000);
    expect(limit.hit("c", T0 + 30_000)).toEqual({ allowed: true });
    expect(limit.hit("c", T0 + 30_000)).toEqual({ allowed: true });
    // Those already counted still are.
    expect(limit.hit("a", T0 + 30_000).allowed).toBe(false);
    // Once a's window has ended, c takes its place and is counted.
    expect(limit.hit("c", T0 + 60_000)).toEqual({ allowed: true });
    expect(limit.hit("c", T0 + 60_001).allowed).toBe(false);
  });
});

describe("clientKey", () => {
  it("keeps an IPv4 address, also IPv4-mapped", () => {
    expect(clientKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("counts an IPv6 /64 as one client, however the address is written", () => {
    expect(clientKey("2001:db8:0:1:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:0:1::/64");
    expect(clientKey("2001:0DB8:0000:0001::1")).toBe("2001:db8:0:1::/64");
    expect(clientKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
    expect(clientKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(clientKey("2001:db8:0:2::1")).not.toBe(clientKey("2001:db8:0:1::1"));
  });
});

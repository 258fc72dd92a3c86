import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "./content-security-policy";
import { PHONE_MESSAGES } from "../../core/messages/phone";
import { CSRF_REFUSED } from "./csrf.server";
import { isLoopbackAddress } from "../security/loopback";
import { startTestApp, type TestApp } from "./app.test-support";

/*
 * Security headers, cookie flags, the cross-site request check and the local-only outbox,
 * over HTTP against the production build.
 */
const DEPLOYMENT = {
  APP_URL: "https://beenthere.example",
  AUTH_SECRET: "s".repeat(40),
  SMTP_URL: "smtp://mail.example:587",
  BANK_ENCRYPTION_KEY: "k".repeat(40),
  RAZORPAY_KEY_ID: "rzp_live_example",
  RAZORPAY_KEY_SECRET: "r".repeat(24),
  RAZORPAY_WEBHOOK_SECRET: "w".repeat(24),
};

function directives(header: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (header ?? "").split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

/** Parses each Set-Cookie into its name and lower-cased attributes. */
function cookies(res: Response) {
  return res.headers.getSetCookie().map((line) => {
    const [pair, ...attributes] = line.split(";").map((s) => s.trim());
    return {
      name: pair!.split("=")[0]!,
      attributes: attributes.map((a) => a.toLowerCase()),
    };
  });
}

describe("the Content-Security-Policy", () => {
  const base = { nonce: "abc", development: false, razorpay: false };

  it("allows scripts only from our origin or with the nonce, and no framing", () => {
    const csp = directives(contentSecurityPolicy(base));
    expect(csp.get("script-src")).toEqual(["'self'", "'nonce-abc'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("frame-src")).toEqual(["'none'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("form-action")).toEqual(["'self'"]);
    expect(csp.get("connect-src")).toEqual(["'self'"]);
  });

  it("allows Razorpay's checkout script and frames only when Razorpay is configured", () => {
    const csp = directives(contentSecurityPolicy({ ...base, razorpay: true }));
    expect(csp.get("script-src")).toContain("https://checkout.razorpay.com");
    expect(csp.get("frame-src")).toEqual([
      "https://api.razorpay.com",
      "https://checkout.razorpay.com",
    ]);
  });

  it("lets a sign-in form go on to Google only when Google sign-in is configured", () => {
    const csp = directives(
      contentSecurityPolicy({ ...base, googleOrigin: "https://accounts.google.com" }),
    );
    expect(csp.get("form-action")).toEqual(["'self'", "https://accounts.google.com"]);
  });

  it("is relaxed in development only, for Vite's injected scripts and its WebSocket", () => {
    const csp = directives(contentSecurityPolicy({ ...base, development: true }));
    expect(csp.get("script-src")).toEqual(["'self'", "'unsafe-inline'", "'unsafe-eval'"]);
    expect(csp.get("connect-src")).toEqual(["'self'", "ws:", "wss:"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
  });
});

describe("loopback peers", () => {
  it("are told by the socket address", () => {
    for (const a of ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"]) {
      expect(isLoopbackAddress(a)).toBe(true);
    }
    for (const a of ["10.0.0.1", "192.168.1.2", "::ffff:10.0.0.1", "fe80::1", "", undefined]) {
      expect(isLoopbackAddress(a)).toBe(false);
    }
  });
});

describe("a local run over HTTP", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it("puts the security headers on pages, files, health checks and the 404 page", async () => {
    for (const url of ["/", "/healthz", "/favicon.svg", "/no/such/page", "/api/advisors"]) {
      const res = await fetch(`${app.baseUrl}${url}`);
      expect(res.headers.get("x-content-type-options"), url).toBe("nosniff");
      expect(res.headers.get("referrer-policy"), url).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("x-frame-options"), url).toBe("DENY");
      const csp = directives(res.headers.get("content-security-policy"));
      expect(csp.get("frame-ancestors"), url).toEqual(["'none'"]);
      expect(csp.get("default-src"), url).toEqual(["'self'"]);
      expect(res.headers.get("strict-transport-security"), url).toBeNull();
    }
  });

  it("gives every inline script of a page this response's nonce, a new one each time", async () => {
    const nonces = [];
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${app.baseUrl}/advisors`);
      const scriptSrc = directives(res.headers.get("content-security-policy")).get("script-src")!;
      const nonce = scriptSrc.find((v) => v.startsWith("'nonce-"))!.slice(7, -1);
      expect(nonce).toMatch(/^[A-Za-z0-9+/=]{20,}$/);
      const html = await res.text();
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it("sets session cookies HttpOnly and SameSite=Lax, and not Secure over plain HTTP", async () => {
    const person = await app.createPerson();
    const form = new URLSearchParams({
      intent: "signin",
      email: person.email,
      password: "password-1",
    });
    const res = await fetch(`${app.baseUrl}/auth`, {
      method: "POST",
      body: form,
      headers: { origin: app.config.appUrl },
      redirect: "manual",
    });
    expect(res.status).toBe(302);
    const set = cookies(res);
    const session = set.find((c) => c.name === "bt.session_token")!;
    expect(session.attributes).toEqual(expect.arrayContaining(["httponly", "samesite=lax"]));
    expect(session.attributes).not.toContain("secure");
  });

  describe("refuses a state-changing request from another site", () => {
    const post = (path: string, headers: Record<string, string>) =>
      fetch(`${app.baseUrl}${path}`, {
        method: "POST",
        body: new URLSearchParams({ name: "x" }),
        headers,
        redirect: "manual",
      });

    it("by its Origin", async () => {
      const res = await post("/contact", { origin: "https://evil.example" });
      expect(res.status).toBe(403);
      expect(await res.text()).toBe(CSRF_REFUSED);
      expect((await post("/contact", { origin: "null" })).status).toBe(403);
    });

    it("by Sec-Fetch-Site when a browser sends no Origin", async () => {
      for (const site of ["cross-site", "same-site"]) {
        const res = await post("/auth/logout", { "sec-fetch-site": site });
        expect(res.status, site).toBe(403);
      }
    });

    it("for every method that changes state", async () => {
      for (const method of ["PUT", "PATCH", "DELETE"]) {
        const res = await fetch(`${app.baseUrl}/contact`, {
          method,
          headers: { origin: "https://evil.example" },
        });
        expect(res.status, method).toBe(403);
      }
    });

    it("but lets our own pages, and local aliases of a local APP_URL, post", async () => {
      const own = await post("/contact", {
        origin: app.config.appUrl,
        "sec-fetch-site": "same-origin",
      });
      expect(own.status).toBe(400); // the form's own answer to an incomplete message
      expect(own.headers.get("content-type")).toContain("text/html");
      const port = new URL(app.config.appUrl).port;
      for (const host of ["localhost", "[::1]"]) {
        const res = await post("/contact", { origin: `http://${host}:${port}` });
        expect(await res.text(), host).not.toBe(CSRF_REFUSED);
      }
      expect((await post("/contact", { origin: "http://localhost:1" })).status).toBe(403);
    });

    it("except the routes on the explicit exemption list", async () => {
      const res = await post("/api/webhooks/razorpay", { origin: "https://evil.example" });
      expect(await res.text()).not.toBe(CSRF_REFUSED);
      // MSG91's delivery reports: its secret token decides, not an origin (401 without it).
      const msg91 = await post("/api/webhooks/msg91", { origin: "https://evil.example" });
      expect(await msg91.text()).not.toBe(CSRF_REFUSED);
      // better-auth's routes answer GETs only (ADR 66): nothing there to exempt.
      const auth = await post("/api/auth/sign-in/email", { origin: "https://evil.example" });
      expect(await auth.text()).toBe(CSRF_REFUSED);
    });
  });

  describe("the outbox page", () => {
    it("answers a browser on this machine, whatever X-Forwarded-For says", async () => {
      const res = await fetch(`${app.baseUrl}/dev/outbox`, {
        headers: { "x-forwarded-for": "203.0.113.9" },
      });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("Outbox");
    });

    it("is not found for a client on another machine, even one claiming to be local", async () => {
      // The same app behind a socket whose peer is another machine's address.
      const remote = createServer((req, res) => {
        Object.defineProperty(req.socket, "remoteAddress", { value: "203.0.113.9" });
        app.app.handle(req, res);
      }).listen(0, "127.0.0.1");
      await new Promise((resolve) => remote.once("listening", resolve));
      try {
        const port = (remote.address() as AddressInfo).port;
        for (const path of ["/dev/outbox", "/dev/outbox.data"]) {
          const res = await fetch(`http://127.0.0.1:${port}${path}`, {
            headers: { "x-forwarded-for": "127.0.0.1" },
          });
          expect(res.status, path).toBe(404);
          expect(await res.text()).not.toContain("To ");
        }
        // Nor can it play a delivery report on the local WhatsApp/SMS outbox.
        const played = await fetch(`http://127.0.0.1:${port}/dev/messages`, {
          method: "POST",
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            "x-forwarded-for": "127.0.0.1",
          },
          body: new URLSearchParams({ messageId: randomUUID(), report: "delivered" }).toString(),
        });
        expect(played.status).toBe(404);
        expect(await played.text()).not.toContain(PHONE_MESSAGES.notLocalSms);
      } finally {
        remote.closeAllConnections();
        remote.close();
      }
    });
  });
});

describe("a deployment over HTTPS", () => {
  let app: TestApp;
  beforeAll(async () => {
    // Behind its TLS-terminating proxy, as a deployment runs.
    app = await startTestApp({ ...DEPLOYMENT, TRUST_PROXY_HOPS: "1" }, { changeFeed: true });
  });
  afterAll(() => app.close());

  const proxy = { "x-forwarded-proto": "https", "x-forwarded-host": "beenthere.example:443" };

  it("sends Strict-Transport-Security, also with a page answered from memory", async () => {
    for (const cache of ["miss", "hit"]) {
      const res = await fetch(`${app.baseUrl}/`);
      expect(res.headers.get("x-cache")).toBe(cache);
      expect(res.headers.get("strict-transport-security")).toBe(
        "max-age=31536000; includeSubDomains",
      );
    }
  });

  it("sets every cookie Secure, the session and role cookies HttpOnly, all SameSite=Lax", async () => {
    const person = await app.createPerson({ advisor: "approved" });
    const origin = { ...proxy, origin: DEPLOYMENT.APP_URL };
    const signInRes = await fetch(`${app.baseUrl}/auth`, {
      method: "POST",
      body: new URLSearchParams({ intent: "signin", email: person.email, password: "password-1" }),
      headers: origin,
      redirect: "manual",
    });
    const roleRes = await fetch(`${app.baseUrl}/api/role`, {
      method: "POST",
      body: new URLSearchParams({ role: "seeker" }),
      headers: { ...origin, cookie: person.cookie },
    });
    expect(roleRes.status).toBe(200);
    const all = [...cookies(signInRes), ...cookies(roleRes)];
    expect(all.map((c) => c.name)).toEqual(
      expect.arrayContaining(["__Secure-bt.session_token", "bt_flash", "bt_role"]),
    );
    for (const cookie of all) {
      expect(cookie.attributes, cookie.name).toContain("secure");
      expect(cookie.attributes, cookie.name).toContain("samesite=lax");
      // The flash toast is the one cookie the browser reads (it holds only the toast's text).
      if (cookie.name !== "bt_flash") expect(cookie.attributes, cookie.name).toContain("httponly");
    }
  });

  it("has no outbox page at all", async () => {
    expect((await fetch(`${app.baseUrl}/dev/outbox`)).status).toBe(404);
  });
});

describe("behind a trusted HTTPS proxy", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ TRUST_PROXY_HOPS: "1" }, { changeFeed: true });
  });
  afterAll(() => app.close());

  it("sends HSTS when the proxy says the browser used HTTPS, and not otherwise", async () => {
    // Twice each: the second answer comes from memory.
    for (const cache of ["miss", "hit"]) {
      const proxied = await fetch(`${app.baseUrl}/terms`, {
        headers: { "x-forwarded-proto": "https" },
      });
      expect(proxied.headers.get("x-cache")).toBe(cache);
      expect(proxied.headers.get("strict-transport-security")).toContain("max-age=");
    }
    for (const _ of [1, 2]) {
      const direct = await fetch(`${app.baseUrl}/terms`);
      expect(direct.headers.get("x-cache")).toBe("hit");
      expect(direct.headers.get("strict-transport-security")).toBeNull();
    }
  });
});

describe("without a trusted proxy", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({}, { changeFeed: true });
  });
  afterAll(() => app.close());

  it("ignores a forged X-Forwarded-Proto, also with a page answered from memory", async () => {
    for (const cache of ["miss", "hit"]) {
      const res = await fetch(`${app.baseUrl}/`, { headers: { "x-forwarded-proto": "https" } });
      expect(res.headers.get("x-cache")).toBe(cache);
      expect(res.headers.get("strict-transport-security")).toBeNull();
    }
  });
});

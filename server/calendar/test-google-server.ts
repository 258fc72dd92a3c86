import { createVerify, generateKeyPairSync } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local server answering like Google's OAuth token endpoint and Calendar API v3 (tests only):
 * it checks the service account's signed assertion with the key pair's public half, demands
 * the token it issued, records every request and can be told to fail.
 */
export async function startGoogleServer() {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const requests: { method: string; path: string; query: URLSearchParams; body: unknown }[] = [];
  const assertions: { header: unknown; claims: Record<string, unknown> }[] = [];
  const state = { failCalendar: false, nextEvent: 1, tokenCount: 0 };
  const events = new Map<string, Record<string, unknown>>();

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const text = await read(req);
    const reply = (status: number, body?: object) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(body ? JSON.stringify(body) : undefined);
    };

    if (url.pathname === "/token" && req.method === "POST") {
      const form = new URLSearchParams(text);
      const [header, claims, signature] = (form.get("assertion") ?? "").split(".");
      const valid =
        form.get("grant_type") === "urn:ietf:params:oauth:grant-type:jwt-bearer" &&
        !!signature &&
        createVerify("RSA-SHA256")
          .update(`${header}.${claims}`)
          .verify(publicKey, Buffer.from(signature, "base64url"));
      if (!valid) return reply(400, { error: "invalid_grant" });
      assertions.push({
        header: JSON.parse(Buffer.from(header!, "base64url").toString()),
        claims: JSON.parse(Buffer.from(claims!, "base64url").toString()),
      });
      state.tokenCount += 1;
      return reply(200, { access_token: `token-${state.tokenCount}`, expires_in: 3600 });
    }

    const body = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
    requests.push({ method: req.method ?? "", path: url.pathname, query: url.searchParams, body });
    if (!/^Bearer token-\d+$/.test(req.headers.authorization ?? ""))
      return reply(401, { error: { code: 401 } });
    if (state.failCalendar) return reply(503, { error: { code: 503, message: "Backend Error" } });
    const match = /^\/calendar\/v3\/calendars\/([^/]+)\/events(?:\/([^/]+))?$/.exec(url.pathname);
    if (!match) return reply(404, { error: { code: 404 } });
    const [, , eventId] = match;
    if (!eventId && req.method === "POST") {
      const id = `evt${state.nextEvent++}`;
      const event = {
        ...body,
        id,
        hangoutLink: `https://meet.google.com/${id}-meet`,
        status: "confirmed",
      };
      events.set(id, event);
      return reply(200, event);
    }
    const event = eventId ? events.get(eventId) : undefined;
    if (!event) return reply(404, { error: { code: 404 } });
    if (req.method === "PATCH") {
      Object.assign(event, body);
      return reply(200, event);
    }
    return reply(405, {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const key = {
    type: "service_account",
    client_email: "bookings@beenthere-test.iam.gserviceaccount.com",
    private_key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    token_uri: `${origin}/token`,
  };
  return {
    origin,
    apiUrl: `${origin}/calendar/v3`,
    key,
    /** The GOOGLE_CALENDAR_* variables that point the app at this server. */
    env: {
      GOOGLE_CALENDAR_CREDENTIALS: JSON.stringify(key),
      GOOGLE_CALENDAR_API_URL: `${origin}/calendar/v3`,
    },
    requests,
    assertions,
    events,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function read(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

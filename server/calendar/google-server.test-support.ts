import { createVerify, generateKeyPairSync } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createCalendarApi } from "./test-google/calendar-api.test-support";
import { readBody, sendJson } from "./test-google/http.test-support";
import { createOAuth } from "./test-google/oauth.test-support";
import { createPush } from "./test-google/push.test-support";
import { createState, defaultCalendars } from "./test-google/state.test-support";

export type GoogleServerOptions = { clientId?: string; clientSecret?: string };

/**
 * A local server answering like Google (tests only), for the service account (a signed JWT
 * assertion checked with the key pair's public half) and for advisors' own accounts (OAuth 2
 * with discovery, consent page, PKCE, refresh and revocation), and the Calendar API v3 for
 * both: events, calendar list, freeBusy, push channels. It records every API request and can
 * be told to fail, to be slow or to be out of quota.
 */
export async function startGoogleServer(options: GoogleServerOptions = {}) {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const clientId = options.clientId ?? "beenthere-test";
  const clientSecret = options.clientSecret ?? "beenthere-test-secret";
  const assertions: { header: unknown; claims: Record<string, unknown> }[] = [];
  const state = createState();
  // The origin is known only once listening; the parts that need it are made then.
  let parts: ReturnType<typeof assemble> | null = null;

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: { code: 500, message: String(error) } });
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://localhost");
    const text = await readBody(req);
    const { oauth, api } = parts!;
    if (url.pathname === "/token" && req.method === "POST") {
      const form = new URLSearchParams(text);
      if (state.failToken) return sendJson(res, 503, { error: "backend_error" });
      if (form.get("grant_type") === "urn:ietf:params:oauth:grant-type:jwt-bearer")
        return serviceAccountToken(res, form);
      return oauth.token(req, res, form);
    }
    if (oauth.handle(req, res, url, text)) return;
    return api.handle(req, res, url, text);
  }

  /** The service account's JWT-bearer grant: the assertion must verify with the key. */
  function serviceAccountToken(res: ServerResponse, form: URLSearchParams) {
    const [header, claims, signature] = (form.get("assertion") ?? "").split(".");
    const valid =
      !!signature &&
      createVerify("RSA-SHA256")
        .update(`${header}.${claims}`)
        .verify(publicKey, Buffer.from(signature, "base64url"));
    if (!valid) return sendJson(res, 400, { error: "invalid_grant" });
    assertions.push({
      header: JSON.parse(Buffer.from(header!, "base64url").toString()),
      claims: JSON.parse(Buffer.from(claims!, "base64url").toString()),
    });
    state.tokenCount += 1;
    return sendJson(res, 200, { access_token: `token-${state.tokenCount}`, expires_in: 3600 });
  }

  function assemble(origin: string) {
    const oauth = createOAuth({ origin, clientId, clientSecret, state });
    const push = createPush({ origin, state });
    const api = createCalendarApi({ state, accountOf: oauth.accountOf, push });
    for (const [sub, list] of defaultCalendars()) api.calendars.set(sub, list);
    return { oauth, push, api };
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  parts = assemble(origin);
  const { oauth, push, api } = parts;
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
    /** The GOOGLE_CALENDAR_* variables that point the app at this server (service account). */
    env: {
      GOOGLE_CALENDAR_CREDENTIALS: JSON.stringify(key),
      GOOGLE_CALENDAR_API_URL: `${origin}/calendar/v3`,
    },
    /** The variables that point the app's Google OAuth client (advisors' calendars) here. */
    oauthEnv: {
      GOOGLE_CLIENT_ID: clientId,
      GOOGLE_CLIENT_SECRET: clientSecret,
      GOOGLE_DISCOVERY_URL: `${origin}/.well-known/openid-configuration`,
      GOOGLE_CALENDAR_API_URL: `${origin}/calendar/v3`,
    },
    requests: api.requests,
    assertions,
    /** Every event of every calendar, by id; each carries its `calendarId`. */
    events: api.events,
    /** Each account's calendar list, by account sub. */
    calendars: api.calendars,
    state,
    addBusy: api.addBusy,
    removeBusy: api.removeBusy,
    authorizations: oauth.authorizations,
    revocations: oauth.revocations,
    revokeGrant: oauth.revokeGrant,
    expireAccessTokens: oauth.expireAccessTokens,
    channels: push.channels,
    notifications: push.notifications,
    flushNotifications: push.flush,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A request held by calendarDelayMs must not keep the server open.
        server.closeAllConnections();
      }),
  };
}

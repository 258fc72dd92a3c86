import { createHmac } from "node:crypto";
import { type IncomingMessage, type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Local servers that answer like Meta's WhatsApp Cloud API and MSG91's Flow API (tests only):
 * they check the request's shape and credentials, record each, and answer with a scripted
 * outage, rate limit or refusal when told to.
 */
// The recorded JSON is read freely by the assertions.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Recorded = { path: string; headers: IncomingMessage["headers"]; body: any };
type Scripted = { status: number; body: object; headers?: Record<string, string> };

export type FakeProvider = {
  url: string;
  requests: Recorded[];
  /** The next answers, in order, before the normal success ones. */
  script: Scripted[];
  close(): Promise<void>;
};

async function start(
  handle: (request: Recorded) => Scripted,
): Promise<FakeProvider & { server: Server }> {
  const requests: Recorded[] = [];
  const script: Scripted[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      let body: unknown = null;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        body = null;
      }
      const recorded = { path: req.url ?? "", headers: req.headers, body };
      requests.push(recorded);
      const answer = script.shift() ?? handle(recorded);
      res.writeHead(answer.status, { "content-type": "application/json", ...answer.headers });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    url: `http://127.0.0.1:${port}`,
    requests,
    script,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export const META_TOKEN = "test-meta-token";
export const META_PHONE_NUMBER_ID = "1234567890";
export const META_APP_SECRET = "test-meta-app-secret";
export const META_VERIFY_TOKEN = "test-verify-token";
export const MSG91_KEY = "test-msg91-key";

let sequence = 0;

/** Meta's Graph API: POST /{phone-number-id}/messages, a template, Bearer token. */
export function fakeMeta() {
  return start((request) => {
    if (request.headers.authorization !== `Bearer ${META_TOKEN}`)
      return {
        status: 401,
        body: {
          error: { message: "Invalid OAuth access token.", type: "OAuthException", code: 190 },
        },
      };
    const b = request.body;
    if (
      request.path !== `/${META_PHONE_NUMBER_ID}/messages` ||
      b?.messaging_product !== "whatsapp" ||
      b?.type !== "template" ||
      typeof b?.template?.name !== "string" ||
      typeof b?.template?.language?.code !== "string" ||
      !/^\d{8,15}$/.test(b?.to ?? "")
    )
      return {
        status: 400,
        body: { error: { message: "(#100) Invalid parameter", type: "OAuthException", code: 100 } },
      };
    sequence++;
    return {
      status: 200,
      body: {
        messaging_product: "whatsapp",
        contacts: [{ input: b.to, wa_id: b.to }],
        messages: [{ id: `wamid.TEST${sequence}` }],
      },
    };
  });
}

/** MSG91's Flow API: POST with `authkey`, a template id and recipients with VARn. */
export function fakeMsg91() {
  return start((request) => {
    if (request.headers.authkey !== MSG91_KEY)
      return { status: 401, body: { type: "error", message: "Authentication failure" } };
    const b = request.body;
    if (
      typeof b?.template_id !== "string" ||
      !Array.isArray(b?.recipients) ||
      !b.recipients[0]?.mobiles
    )
      return { status: 400, body: { type: "error", message: "Invalid request" } };
    sequence++;
    return { status: 200, body: { type: "success", message: `3763646c${sequence}` } };
  });
}

/** The environment that points the app at the fakes. */
export function providerEnv(meta: FakeProvider, msg91: FakeProvider) {
  return {
    WHATSAPP_ACCESS_TOKEN: META_TOKEN,
    WHATSAPP_PHONE_NUMBER_ID: META_PHONE_NUMBER_ID,
    WHATSAPP_APP_SECRET: META_APP_SECRET,
    WHATSAPP_VERIFY_TOKEN: META_VERIFY_TOKEN,
    WHATSAPP_API_URL: meta.url,
    MSG91_AUTH_KEY: MSG91_KEY,
    MSG91_API_URL: `${msg91.url}/api/v5/flow`,
    MSG91_TEMPLATES: [
      "phone.verification-code=tpl_code",
      "session.confirmed=tpl_confirmed",
      "session.rescheduled=tpl_changed",
      "session.cancelled=tpl_cancelled",
      "session.reminder-24h=tpl_r24",
      "session.reminder-1h=tpl_r1",
      "session.starting=tpl_start",
      "session.review-request=tpl_review",
    ].join(","),
  };
}

/** A status webhook as Meta posts it, and its signature under `secret`. */
export function statusWebhook(
  wamid: string,
  status: "sent" | "delivered" | "read" | "failed",
  at: Date,
  secret = META_APP_SECRET,
) {
  const body = JSON.stringify({
    object: "whatsapp_business_account",
    entry: [
      {
        id: "WABA_ID",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: {
                display_phone_number: "15550000000",
                phone_number_id: META_PHONE_NUMBER_ID,
              },
              statuses: [
                {
                  id: wamid,
                  status,
                  timestamp: String(Math.floor(at.getTime() / 1000)),
                  recipient_id: "919876543210",
                  ...(status === "failed"
                    ? { errors: [{ code: 131026, title: "Message undeliverable" }] }
                    : {}),
                },
              ],
            },
          },
        ],
      },
    ],
  });
  return { body, signature: sign(body, secret) };
}

/** An inbound text message webhook (a reply). */
export function replyWebhook(fromDigits: string, text: string, secret = META_APP_SECRET) {
  const body = JSON.stringify({
    object: "whatsapp_business_account",
    entry: [
      {
        id: "WABA_ID",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              messages: [
                {
                  from: fromDigits,
                  id: "wamid.IN1",
                  timestamp: "1",
                  type: "text",
                  text: { body: text },
                },
              ],
            },
          },
        ],
      },
    ],
  });
  return { body, signature: sign(body, secret) };
}

export const sign = (body: string, secret: string) =>
  `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;

/** India's time as MSG91's reports write it: "2024-05-22 10:06:20". */
const msg91Date = (at: Date) =>
  new Intl.DateTimeFormat("sv-SE", {
    timeZone: "Asia/Kolkata",
    dateStyle: "short",
    timeStyle: "medium",
  }).format(at);

/** What one MSG91 report says: its status code and description (and a failure's reason). */
export type Msg91Status = { status: string; desc: string; failedReason?: string };
export const MSG91_DELIVERED: Msg91Status = { status: "1", desc: "DELIVERED" };
export const MSG91_REJECTED: Msg91Status = {
  status: "16",
  desc: "REJECTED",
  failedReason: "DLT template mismatch",
};

/**
 * A delivery report as MSG91's v2 webhook posts it: application/x-www-form-urlencoded, one
 * field `data` holding a JSON array of requests, each with its `report`s (MSG91's help centre,
 * "How to use Webhook to get the delivery report on the desired URL?").
 */
export function msg91FormReport(requestId: string, report: Msg91Status, at: Date, to: string) {
  const data = JSON.stringify([
    {
      senderId: "BNTHRE",
      requestId,
      report: [
        {
          date: msg91Date(at),
          amount: "0.01",
          clientid: "",
          INMSID: "0",
          CRQID: "0",
          ctCode: "900",
          number: to.replace(/^\+/, ""),
          credit: "1",
          failedReason: "",
          ...report,
        },
      ],
      userId: "270000",
      campaignName: "Flow",
    },
  ]);
  return {
    contentType: "application/x-www-form-urlencoded",
    body: new URLSearchParams({ data }).toString(),
  };
}

/** The same report as MSG91's v3 webhook posts it: one flat JSON object. */
export function msg91JsonReport(requestId: string, report: Msg91Status, at: Date, to: string) {
  return {
    contentType: "application/json",
    body: JSON.stringify({
      date: msg91Date(at),
      number: to.replace(/^\+/, ""),
      senderId: "BNTHRE",
      amount: "0.01",
      requestId,
      INMSID: "0",
      CRQID: "0",
      credit: "1",
      userId: "270000",
      campaignName: "Flow",
      ...report,
    }),
  };
}

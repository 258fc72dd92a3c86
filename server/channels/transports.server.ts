import { randomUUID } from "node:crypto";
import type { ChannelMessageName, PhoneChannel } from "../../core/channels";
import type { Config } from "../config.server";

/** One message as a provider gets it. */
export type OutgoingChannelMessage = {
  channel: PhoneChannel;
  /** E.164. */
  to: string;
  name: ChannelMessageName;
  /** The template's parameters in order. */
  params: string[];
  /** The full text (the local outbox shows it; providers render their approved template). */
  body: string;
};

export type SendResult =
  | { ok: true; providerId: string }
  /** `retryable`: an outage, a rate limit or a timeout; otherwise the message cannot go. */
  | { ok: false; error: string; retryable: boolean; retryAfterMs?: number };

export type ChannelTransport = { send(message: OutgoingChannelMessage): Promise<SendResult> };

const TIMEOUT_MS = 10_000;

/** Meta's codes for a throughput or pair rate limit, and a temporary service problem. */
const WHATSAPP_RETRYABLE_CODES = new Set([4, 80007, 130429, 131016, 131048, 131056, 133004]);

/**
 * WhatsApp Business Cloud API: a template message, POST {api}/{phone-number-id}/messages with
 * the token as Bearer. The answer's `messages[0].id` (a wamid) is what status webhooks name.
 */
export function whatsappTransport(
  settings: NonNullable<Config["channels"]["whatsapp"]>,
  fetchImpl: typeof fetch = fetch,
): ChannelTransport {
  return {
    async send(message) {
      const body = {
        messaging_product: "whatsapp",
        recipient_type: "individual",
        to: message.to.replace(/^\+/, ""),
        type: "template",
        template: {
          name: settings.templates[message.name],
          language: { code: settings.language },
          components: [
            {
              type: "body",
              parameters: message.params.map((text) => ({ type: "text", text })),
            },
          ],
        },
      };
      return post(
        fetchImpl,
        `${settings.apiUrl}/${encodeURIComponent(settings.phoneNumberId)}/messages`,
        { authorization: `Bearer ${settings.accessToken}` },
        body,
        (status, json) => {
          const id = (json as { messages?: { id?: unknown }[] })?.messages?.[0]?.id;
          if (status < 300 && typeof id === "string") return { ok: true, providerId: id };
          const error = (json as { error?: { code?: number; message?: string } })?.error;
          const code = error?.code ?? 0;
          return {
            ok: false,
            error: `WhatsApp ${status}${code ? ` (${code})` : ""}: ${error?.message ?? "no message id"}`,
            retryable:
              status === 429 ||
              status >= 500 ||
              status === 401 ||
              WHATSAPP_RETRYABLE_CODES.has(code),
          };
        },
      );
    },
  };
}

/**
 * MSG91's Flow API: POST {api} with the `authkey` header, the template id (MSG91's, mapped to
 * its DLT template id in the MSG91 panel) and one recipient with VAR1, VAR2…. A success answers
 * `{ type: "success", message: <request id> }`.
 */
export function msg91Transport(
  settings: NonNullable<Config["channels"]["sms"]>,
  fetchImpl: typeof fetch = fetch,
): ChannelTransport {
  return {
    async send(message) {
      const recipient: Record<string, string> = { mobiles: message.to.replace(/^\+/, "") };
      message.params.forEach((value, index) => (recipient[`VAR${index + 1}`] = value));
      const body = {
        template_id: settings.templates[message.name],
        short_url: "0",
        recipients: [recipient],
      };
      return post(
        fetchImpl,
        settings.apiUrl,
        { authkey: settings.authKey },
        body,
        (status, json) => {
          const answer = json as { type?: string; message?: unknown };
          if (status < 300 && answer?.type === "success" && typeof answer.message === "string")
            return { ok: true, providerId: answer.message };
          return {
            ok: false,
            error: `MSG91 ${status}: ${typeof answer?.message === "string" ? answer.message : "no request id"}`,
            retryable: status === 429 || status >= 500,
          };
        },
      );
    },
  };
}

async function post(
  fetchImpl: typeof fetch,
  url: string,
  headers: Record<string, string>,
  body: unknown,
  read: (status: number, json: unknown) => SendResult,
): Promise<SendResult> {
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    return { ok: false, error: `unreachable: ${String(error)}`, retryable: true };
  }
  const json: unknown = await response.json().catch(() => null);
  const result = read(response.status, json);
  if (!result.ok) {
    const seconds = Number(response.headers.get("retry-after"));
    if (Number.isFinite(seconds) && seconds > 0) result.retryAfterMs = seconds * 1000;
  }
  return result;
}

/**
 * Without a provider's credentials: the message is kept where /dev/messages shows it and
 * counts as sent, through the same outbox, leases and status code as a real send.
 */
export const localTransport: ChannelTransport = {
  async send() {
    return { ok: true, providerId: `local-${randomUUID()}` };
  },
};

/** Each channel's transport from the configuration: the provider, else the local outbox. */
export function createChannelTransports(
  config: Config,
  fetchImpl: typeof fetch = fetch,
): Record<PhoneChannel, ChannelTransport> {
  const { whatsapp, sms } = config.channels;
  return {
    whatsapp: whatsapp ? whatsappTransport(whatsapp, fetchImpl) : localTransport,
    sms: sms ? msg91Transport(sms, fetchImpl) : localTransport,
  };
}

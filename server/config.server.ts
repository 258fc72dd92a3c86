import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { CHANNEL_MESSAGE_NAMES, type ChannelMessageName } from "../core/channels";

/**
 * All configuration comes from environment variables, validated once at start-up.
 * Defaults make `npm start` work on a bare machine; a deployment (an APP_URL that is
 * not localhost) must bring its own secrets and SMTP.
 */
const optional = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // Unset: loopback for a local APP_URL (nothing else on the network reaches a dev run),
  // every interface for a deployment.
  HOST: optional,
  // How many proxies sit in front of the app; their X-Forwarded-For is believed, nobody else's.
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  APP_URL: optional.pipe(z.url().optional()),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optional,
  // The role that owns the tables and runs migrations; DATABASE_URL's role then only uses them.
  MIGRATION_DATABASE_URL: optional,
  AUTH_SECRET: optional.pipe(z.string().min(32).optional()),
  SEED: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
  // Multiplies every per-client rate limit: for load tests and browser tests behind one address.
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  // Pages and searches rendered at once; more wait in a queue of RENDER_QUEUE, the rest get 503.
  RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(4),
  RENDER_QUEUE: z.coerce.number().int().min(0).max(100_000).default(64),
  // Public reads rendered (not answered from memory) per client and minute, times the scale.
  PUBLIC_RENDERS_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SMTP_URL: optional,
  MAIL_FROM: z.string().default("BeenThere <no-reply@beenthere.example>"),
  SUPPORT_EMAIL: z.email().default("support@beenthere.example"),
  RAZORPAY_KEY_ID: optional,
  RAZORPAY_KEY_SECRET: optional,
  RAZORPAY_WEBHOOK_SECRET: optional,
  // Only tests point this elsewhere (a local server answering like Razorpay's API).
  RAZORPAY_API_URL: optional.pipe(z.url().optional()),
  // The platform's cut of each session fee (GST excluded), recorded on every ledger entry.
  PLATFORM_COMMISSION_PERCENT: z.coerce.number().min(0).max(100).multipleOf(0.01).default(0),
  // Days after a session ends before its advisor's share is released from hold.
  PAYOUT_HOLD_DAYS: z.coerce.number().int().min(0).max(90).default(3),
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  // Only tests point this elsewhere (a local OpenID provider standing in for Google).
  GOOGLE_DISCOVERY_URL: optional.pipe(z.url().optional()),
  // A service-account JSON key, as text or as the path of the file holding it.
  GOOGLE_CALENDAR_CREDENTIALS: optional,
  GOOGLE_CALENDAR_ID: z.string().trim().min(1).default("primary"),
  // A Workspace user the service account acts for (domain-wide delegation), to invite attendees.
  GOOGLE_CALENDAR_SUBJECT: optional.pipe(z.email().optional()),
  // Only tests point this elsewhere (a local server answering like Google's Calendar API).
  GOOGLE_CALENDAR_API_URL: z.url().default("https://www.googleapis.com/calendar/v3"),
  // Where Google posts calendar change notifications. Google only posts to HTTPS, so by default
  // push is used only when APP_URL is HTTPS; tests point it at a local address.
  GOOGLE_CALENDAR_PUSH_URL: optional.pipe(z.url().optional()),
  // Meeting rooms are this base plus an unguessable name (Jitsi Meet needs no account).
  MEETING_BASE_URL: z.url().default("https://meet.jit.si/"),
  STORAGE_DIR: optional,
  S3_BUCKET: optional,
  // An S3-compatible service (MinIO, R2, …), addressed path-style; unset means AWS itself.
  S3_ENDPOINT: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  S3_REGION: z.string().default("us-east-1"),
  S3_PUBLIC_URL: optional.pipe(z.url().optional()),
  DISCOVERY_ADVISOR_ID: optional.pipe(z.uuid().optional()),
  BANK_ENCRYPTION_KEY: optional.pipe(z.string().min(32).optional()),
  // WhatsApp through Meta's Cloud API (ADR 95): all four set, or none (the local outbox plays it).
  WHATSAPP_ACCESS_TOKEN: optional,
  WHATSAPP_PHONE_NUMBER_ID: optional,
  // Signs the delivery/read webhooks (X-Hub-Signature-256) and answers its GET handshake.
  WHATSAPP_APP_SECRET: optional,
  WHATSAPP_VERIFY_TOKEN: optional,
  // Only tests point this elsewhere (a local server answering like Meta's Graph API).
  WHATSAPP_API_URL: z.url().default("https://graph.facebook.com/v21.0"),
  WHATSAPP_TEMPLATE_LANGUAGE: z.string().trim().min(2).default("en"),
  // Approved template names per message, "session.confirmed=booking_confirmed,…"; the rest default.
  WHATSAPP_TEMPLATES: optional,
  // SMS through MSG91's Flow API (ADR 95); the local outbox plays it without a key.
  MSG91_AUTH_KEY: optional,
  // MSG91 template ids (each mapped to its DLT template id in MSG91), "session.confirmed=…,…".
  MSG91_TEMPLATES: optional,
  MSG91_API_URL: z.url().default("https://control.msg91.com/api/v5/flow"),
  // The secret in the delivery-report webhook's URL (MSG91 signs nothing); unset on a
  // deployment, /api/webhooks/msg91 does not exist. A local run generates one.
  MSG91_WEBHOOK_TOKEN: optional.pipe(z.string().min(32).optional()),
  // Lets a scraper elsewhere read /metrics with `Authorization: Bearer <token>` (ADR 70).
  METRICS_TOKEN: optional.pipe(z.string().min(32).optional()),
});

export type Config = ReturnType<typeof buildConfig>;

/** Fixed id of the seeded team advisor who takes free discovery calls. */
export const TEAM_ADVISOR_ID = "00000000-0000-4000-8000-000000000001";

export function isLocalUrl(url: string): boolean {
  const host = new URL(url).hostname;
  return host === "localhost" || host === "127.0.0.1" || host === "[::1]" || host === "::1";
}

const serviceAccountKeySchema = z.object({
  client_email: z.email(),
  private_key: z.string().includes("PRIVATE KEY"),
  token_uri: z.url().default("https://oauth2.googleapis.com/token"),
});

/** GOOGLE_CALENDAR_CREDENTIALS: the key's JSON text, or the path of the JSON file. */
function serviceAccountKey(value: string) {
  let json: unknown;
  try {
    json = JSON.parse(value.startsWith("{") ? value : readFileSync(value, "utf8"));
  } catch {
    throw new Error(
      "Invalid configuration:\n  GOOGLE_CALENDAR_CREDENTIALS: not a service-account JSON key or a readable path to one",
    );
  }
  const key = serviceAccountKeySchema.safeParse(json);
  if (!key.success) {
    const problems = key.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new Error(
      `Invalid configuration:\n  GOOGLE_CALENDAR_CREDENTIALS: ${problems.join(", ")}`,
    );
  }
  return key.data;
}

/** Reads a secret from the data dir, creating it on first use (local runs only). */
function localSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Default approved WhatsApp template names (override any with WHATSAPP_TEMPLATES). */
export const DEFAULT_WHATSAPP_TEMPLATES: Record<ChannelMessageName, string> = {
  "phone.verification-code": "verification_code",
  "session.confirmed": "booking_confirmed",
  "session.rescheduled": "booking_changed",
  "session.cancelled": "booking_cancelled",
  "session.reminder-24h": "session_reminder_24h",
  "session.reminder-1h": "session_reminder_1h",
  "session.starting": "session_starting",
  "session.review-request": "review_request",
};

/** "name=value,name=value" over the message names; an unknown name is a mistake worth stopping. */
function templateMap(
  variable: string,
  value: string | undefined,
): Partial<Record<ChannelMessageName, string>> {
  const map: Partial<Record<ChannelMessageName, string>> = {};
  for (const pair of (value ?? "")
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [name, id] = pair.split("=").map((p) => p.trim());
    if (!name || !id || !(CHANNEL_MESSAGE_NAMES as string[]).includes(name)) {
      throw new Error(
        `Invalid configuration:\n  ${variable}: "${pair}" is not message=template (messages: ${CHANNEL_MESSAGE_NAMES.join(", ")})`,
      );
    }
    map[name as ChannelMessageName] = id;
  }
  return map;
}

export function buildConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
  const local = isLocalUrl(appUrl);

  // Half a key pair would fall back to the SDK's default chain without a word.
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new Error(
      "Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together or not at all",
    );
  }
  if (!e.S3_BUCKET && (e.S3_ENDPOINT || e.S3_PUBLIC_URL || e.S3_ACCESS_KEY_ID)) {
    throw new Error("Invalid configuration:\n  S3_BUCKET: required when any other S3_ setting is");
  }

  if (e.MIGRATION_DATABASE_URL && !e.DATABASE_URL) {
    throw new Error(
      "Invalid configuration:\n  MIGRATION_DATABASE_URL: set only with DATABASE_URL (the embedded database has one role)",
    );
  }

  const whatsappKeys = [
    e.WHATSAPP_ACCESS_TOKEN,
    e.WHATSAPP_PHONE_NUMBER_ID,
    e.WHATSAPP_APP_SECRET,
    e.WHATSAPP_VERIFY_TOKEN,
  ];
  if (whatsappKeys.some(Boolean) && !whatsappKeys.every(Boolean)) {
    throw new Error(
      "Invalid configuration:\n  WHATSAPP_ACCESS_TOKEN, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET and WHATSAPP_VERIFY_TOKEN are set together or not at all",
    );
  }
  const smsTemplates = templateMap("MSG91_TEMPLATES", e.MSG91_TEMPLATES);
  const missingSms = CHANNEL_MESSAGE_NAMES.filter((name) => !smsTemplates[name]);
  if (e.MSG91_AUTH_KEY && missingSms.length > 0) {
    throw new Error(
      `Invalid configuration:\n  MSG91_TEMPLATES: a template id is needed for ${missingSms.join(", ")}`,
    );
  }

  if (!local) {
    const missing = [
      !e.AUTH_SECRET && "AUTH_SECRET",
      !e.SMTP_URL && "SMTP_URL",
      !e.BANK_ENCRYPTION_KEY && "BANK_ENCRYPTION_KEY",
      // The built-in test checkout takes no money: a public site must never offer it.
      !e.RAZORPAY_KEY_ID && "RAZORPAY_KEY_ID",
      !e.RAZORPAY_KEY_SECRET && "RAZORPAY_KEY_SECRET",
      !e.RAZORPAY_WEBHOOK_SECRET && "RAZORPAY_WEBHOOK_SECRET",
    ].filter(Boolean);
    if (missing.length > 0) {
      throw new Error(`A deployment (APP_URL=${appUrl}) must set ${missing.join(", ")}.`);
    }
  }

  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === "production",
    port: e.PORT,
    host: e.HOST ?? (local ? "127.0.0.1" : "0.0.0.0"),
    trustProxyHops: e.TRUST_PROXY_HOPS,
    appUrl,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    migrationDatabaseUrl: e.MIGRATION_DATABASE_URL,
    seed: e.SEED,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    renderConcurrency: e.RENDER_CONCURRENCY,
    renderQueue: e.RENDER_QUEUE,
    publicRendersPerMinute: e.PUBLIC_RENDERS_PER_MINUTE,
    logLevel: e.LOG_LEVEL,
    authSecret: e.AUTH_SECRET ?? localSecret(dataDir, "auth-secret"),
    bankEncryptionKey: e.BANK_ENCRYPTION_KEY ?? localSecret(dataDir, "bank-key"),
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      // The dev outbox page exists only for a local run without SMTP: never on a deployment.
      outboxPageEnabled: !e.SMTP_URL && local,
    },
    supportEmail: e.SUPPORT_EMAIL,
    razorpay:
      e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET
        ? {
            keyId: e.RAZORPAY_KEY_ID,
            keySecret: e.RAZORPAY_KEY_SECRET,
            webhookSecret: e.RAZORPAY_WEBHOOK_SECRET,
            apiUrl: e.RAZORPAY_API_URL,
          }
        : undefined,
    // The built-in test checkout signs payments and webhooks with this local secret, the way
    // Razorpay does with the key and webhook secrets, so the same verification code runs.
    testPaymentSecret:
      e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET
        ? undefined
        : localSecret(dataDir, "test-payment-secret"),
    payouts: {
      commissionPercent: e.PLATFORM_COMMISSION_PERCENT,
      holdDays: e.PAYOUT_HOLD_DAYS,
    },
    meetingBaseUrl: e.MEETING_BASE_URL.endsWith("/")
      ? e.MEETING_BASE_URL
      : `${e.MEETING_BASE_URL}/`,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            discoveryUrl: e.GOOGLE_DISCOVERY_URL,
            // Advisors' own calendars (ADR 75) use the same OAuth client.
            calendarApiUrl: e.GOOGLE_CALENDAR_API_URL,
            pushUrl:
              e.GOOGLE_CALENDAR_PUSH_URL ??
              (appUrl.startsWith("https://")
                ? `${appUrl}/api/calendar/google/notifications`
                : undefined),
          }
        : undefined,
    googleCalendar: e.GOOGLE_CALENDAR_CREDENTIALS
      ? {
          key: serviceAccountKey(e.GOOGLE_CALENDAR_CREDENTIALS),
          calendarId: e.GOOGLE_CALENDAR_ID,
          subject: e.GOOGLE_CALENDAR_SUBJECT,
          apiUrl: e.GOOGLE_CALENDAR_API_URL,
        }
      : undefined,
    storage: {
      dir: path.resolve(e.STORAGE_DIR ?? path.join(dataDir, "uploads")),
      s3: e.S3_BUCKET
        ? {
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            publicUrl: e.S3_PUBLIC_URL,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          }
        : undefined,
    },
    channels: {
      whatsapp: e.WHATSAPP_ACCESS_TOKEN
        ? {
            accessToken: e.WHATSAPP_ACCESS_TOKEN,
            phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID!,
            appSecret: e.WHATSAPP_APP_SECRET!,
            verifyToken: e.WHATSAPP_VERIFY_TOKEN!,
            apiUrl: e.WHATSAPP_API_URL.replace(/\/$/, ""),
            language: e.WHATSAPP_TEMPLATE_LANGUAGE,
            templates: {
              ...DEFAULT_WHATSAPP_TEMPLATES,
              ...templateMap("WHATSAPP_TEMPLATES", e.WHATSAPP_TEMPLATES),
            },
          }
        : undefined,
      sms: e.MSG91_AUTH_KEY
        ? {
            authKey: e.MSG91_AUTH_KEY,
            apiUrl: e.MSG91_API_URL,
            templates: smsTemplates as Record<ChannelMessageName, string>,
          }
        : undefined,
      // What MSG91's delivery reports must carry (`?token=`): the configured one, or on a local
      // run a generated one, so the local outbox plays reports through the same check.
      smsWebhookToken:
        e.MSG91_WEBHOOK_TOKEN ?? (local ? localSecret(dataDir, "msg91-webhook-token") : undefined),
      // The local WhatsApp/SMS outbox page, like /dev/outbox: a local run without providers.
      outboxPageEnabled: local && !e.WHATSAPP_ACCESS_TOKEN && !e.MSG91_AUTH_KEY,
    },
    discoveryAdvisorId: e.DISCOVERY_ADVISOR_ID ?? TEAM_ADVISOR_ID,
    metricsToken: e.METRICS_TOKEN,
  };
}

/** What the browser may see: nothing secret ever goes in here. */
export function publicConfig(config: Config) {
  return {
    appUrl: config.appUrl,
    supportEmail: config.supportEmail,
    googleSignIn: Boolean(config.google),
    razorpayKeyId: config.razorpay?.keyId,
    /** True when payments go through the built-in test checkout (no Razorpay keys). */
    testCheckout: !config.razorpay,
  };
}
export type PublicConfig = ReturnType<typeof publicConfig>;

/** A summary safe to log: which services are real, never their secrets. */
export function describeConfig(config: Config) {
  return {
    appUrl: config.appUrl,
    database: config.databaseUrl ? redactUrl(config.databaseUrl) : `PGlite ${config.dataDir}/db`,
    migrations: config.migrationDatabaseUrl ? redactUrl(config.migrationDatabaseUrl) : "as the app",
    mail: config.mail.smtpUrl ? `SMTP ${redactUrl(config.mail.smtpUrl)}` : "outbox (no SMTP_URL)",
    payments: config.razorpay ? "Razorpay" : "built-in test checkout",
    // Operators read how to switch these on here (and in the README), not advisors in the UI.
    googleSignIn: config.google ? "on" : "off (set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET)",
    advisorCalendars: config.google
      ? "advisors may connect Google Calendar"
      : "off (set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET)",
    calendar: config.googleCalendar
      ? `Google Calendar ${config.googleCalendar.calendarId} as ${config.googleCalendar.key.client_email}`
      : `.ics e-mails, rooms at ${config.meetingBaseUrl}`,
    storage: config.storage.s3 ? `S3 ${config.storage.s3.bucket}` : config.storage.dir,
    metrics: config.metricsToken ? "loopback or METRICS_TOKEN" : "loopback only",
    whatsapp: config.channels.whatsapp
      ? `Cloud API ${config.channels.whatsapp.phoneNumberId}`
      : "local outbox (no WHATSAPP_ACCESS_TOKEN)",
    sms: config.channels.sms
      ? config.channels.smsWebhookToken
        ? "MSG91, delivery reports at /api/webhooks/msg91"
        : "MSG91, no delivery reports (set MSG91_WEBHOOK_TOKEN)"
      : "local outbox (no MSG91_AUTH_KEY)",
  };
}

export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "(unparseable URL)";
  }
}

import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildConfig, describeConfig, publicConfig, TEAM_ADVISOR_ID } from "./config.server";

const tempDir = () => mkdtempSync(path.join(tmpdir(), "config-test-"));

describe("configuration", () => {
  it("works on a bare machine with nothing set", () => {
    const dataDir = tempDir();
    const config = buildConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(3000);
    expect(config.appUrl).toBe("http://localhost:3000");
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seed).toBe(true);
    expect(config.mail.outboxPageEnabled).toBe(true);
    expect(config.razorpay).toBeUndefined();
    expect(config.discoveryAdvisorId).toBe(TEAM_ADVISOR_ID);
    expect(config.storage.dir).toBe(path.join(dataDir, "uploads"));
  });

  it("listens on loopback for a local APP_URL and on every interface for a deployment", () => {
    expect(buildConfig({ DATA_DIR: tempDir() }).host).toBe("127.0.0.1");
    expect(buildConfig({ DATA_DIR: tempDir(), HOST: "0.0.0.0" }).host).toBe("0.0.0.0");
    const deployment = buildConfig({
      APP_URL: "https://beenthere.example",
      AUTH_SECRET: "a".repeat(40),
      SMTP_URL: "smtp://mail.example:587",
      BANK_ENCRYPTION_KEY: "b".repeat(40),
      RAZORPAY_KEY_ID: "rzp_live_example",
      RAZORPAY_KEY_SECRET: "r".repeat(24),
      RAZORPAY_WEBHOOK_SECRET: "w".repeat(24),
      DATA_DIR: tempDir(),
    });
    expect(deployment.host).toBe("0.0.0.0");
  });

  it("generates a local auth secret once and keeps it in the data directory", () => {
    const dataDir = tempDir();
    const first = buildConfig({ DATA_DIR: dataDir }).authSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dataDir, "auth-secret"), "utf8")).toBe(first);
    expect(buildConfig({ DATA_DIR: dataDir }).authSecret).toBe(first);
  });

  it("refuses a deployment without its own secrets and SMTP", () => {
    expect(() =>
      buildConfig({ APP_URL: "https://beenthere.example", DATA_DIR: tempDir() }),
    ).toThrow(
      /must set AUTH_SECRET, SMTP_URL, BANK_ENCRYPTION_KEY, RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET/,
    );
  });

  it("never shows the outbox page on a deployment", () => {
    const config = buildConfig({
      APP_URL: "https://beenthere.example",
      AUTH_SECRET: "a".repeat(40),
      BANK_ENCRYPTION_KEY: "b".repeat(40),
      SMTP_URL: "smtp://user:pass@mail.example:587",
      RAZORPAY_KEY_ID: "rzp_live_key",
      RAZORPAY_KEY_SECRET: "rzp-secret",
      RAZORPAY_WEBHOOK_SECRET: "rzp-webhook-secret",
    });
    expect(config.mail.outboxPageEnabled).toBe(false);
    expect(config.testPaymentSecret).toBeUndefined();
    // Nor MSG91's delivery reports, unless a token for their URL is set (ADR 95).
    expect(config.channels.smsWebhookToken).toBeUndefined();
  });

  it("takes MSG91's webhook token as set, and only a long one", () => {
    const deployment = {
      APP_URL: "https://beenthere.example",
      AUTH_SECRET: "a".repeat(40),
      BANK_ENCRYPTION_KEY: "b".repeat(40),
      SMTP_URL: "smtp://mail.example:587",
      RAZORPAY_KEY_ID: "rzp_live_key",
      RAZORPAY_KEY_SECRET: "rzp-secret",
      RAZORPAY_WEBHOOK_SECRET: "rzp-webhook-secret",
      DATA_DIR: tempDir(),
    };
    const token = "t".repeat(32);
    expect(
      buildConfig({ ...deployment, MSG91_WEBHOOK_TOKEN: token }).channels.smsWebhookToken,
    ).toBe(token);
    expect(() => buildConfig({ ...deployment, MSG91_WEBHOOK_TOKEN: "short" })).toThrow(
      /MSG91_WEBHOOK_TOKEN/,
    );
  });

  it("names every invalid variable", () => {
    expect(() => buildConfig({ PORT: "eighty", SEED: "maybe", DATA_DIR: tempDir() })).toThrow(
      /PORT[\s\S]*SEED/,
    );
  });

  it("takes S3 settings only whole: a bucket, an endpoint that is a URL, both keys or neither", () => {
    const DATA_DIR = tempDir();
    const s3 = { DATA_DIR, S3_BUCKET: "uploads", S3_ENDPOINT: "http://127.0.0.1:9000" };
    expect(buildConfig(s3).storage.s3).toEqual({
      bucket: "uploads",
      region: "us-east-1",
      endpoint: "http://127.0.0.1:9000",
      publicUrl: undefined,
      accessKeyId: undefined,
      secretAccessKey: undefined,
    });
    expect(() => buildConfig({ ...s3, S3_ENDPOINT: "minio:9000" })).toThrow(/S3_ENDPOINT/);
    expect(() => buildConfig({ ...s3, S3_ACCESS_KEY_ID: "key" })).toThrow(
      "Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together or not at all",
    );
    expect(() => buildConfig({ DATA_DIR, S3_ENDPOINT: "http://127.0.0.1:9000" })).toThrow(
      "Invalid configuration:\n  S3_BUCKET: required when any other S3_ setting is",
    );
  });

  it("takes MIGRATION_DATABASE_URL only beside DATABASE_URL, and logs it without its password", () => {
    expect(() =>
      buildConfig({ DATA_DIR: tempDir(), MIGRATION_DATABASE_URL: "postgres://owner@db/app" }),
    ).toThrow(
      "Invalid configuration:\n  MIGRATION_DATABASE_URL: set only with DATABASE_URL (the embedded database has one role)",
    );
    const config = buildConfig({
      DATA_DIR: tempDir(),
      DATABASE_URL: "postgres://app:s3cret@db.internal:5432/app",
      MIGRATION_DATABASE_URL: "postgres://owner:0wner-secret@db.internal:5432/app",
    });
    expect(config.migrationDatabaseUrl).toBe("postgres://owner:0wner-secret@db.internal:5432/app");
    const logged = JSON.stringify(describeConfig(config));
    expect(logged).not.toContain("0wner-secret");
    expect(logged).toContain("owner");
  });

  it("keeps secrets out of what is logged and what the browser sees", () => {
    const config = buildConfig({
      DATA_DIR: tempDir(),
      DATABASE_URL: "postgres://app:s3cret@db.internal:5432/app",
      RAZORPAY_KEY_ID: "rzp_test_key",
      RAZORPAY_KEY_SECRET: "rzp-secret-value",
    });
    const logged = JSON.stringify(describeConfig(config));
    expect(logged).not.toContain("s3cret");
    expect(logged).toContain("db.internal");
    const exposed = JSON.stringify(publicConfig(config));
    expect(exposed).not.toContain("rzp-secret-value");
    expect(exposed).not.toContain(config.authSecret);
    expect(exposed).toContain("rzp_test_key");
  });

  it("says in the start-up log, not to advisors, which settings switch Google on", () => {
    const off = describeConfig(buildConfig({ DATA_DIR: tempDir() }));
    expect(off.googleSignIn).toBe("off (set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET)");
    expect(off.advisorCalendars).toBe("off (set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET)");
    const on = describeConfig(
      buildConfig({
        DATA_DIR: tempDir(),
        GOOGLE_CLIENT_ID: "client-id",
        GOOGLE_CLIENT_SECRET: "client-secret-value",
      }),
    );
    expect(on.googleSignIn).toBe("on");
    expect(on.advisorCalendars).toBe("advisors may connect Google Calendar");
    expect(JSON.stringify(on)).not.toContain("client-secret-value");
  });

  it("takes a metrics token of at least 32 characters and never logs it", () => {
    expect(() => buildConfig({ METRICS_TOKEN: "short", DATA_DIR: tempDir() })).toThrow(
      /METRICS_TOKEN/,
    );
    const token = "metrics-token-of-thirty-two-characters";
    const config = buildConfig({ METRICS_TOKEN: token, DATA_DIR: tempDir() });
    expect(config.metricsToken).toBe(token);
    expect(describeConfig(config).metrics).toBe("loopback or METRICS_TOKEN");
    expect(JSON.stringify(describeConfig(config))).not.toContain(token);
    expect(JSON.stringify(publicConfig(config))).not.toContain(token);
    expect(describeConfig(buildConfig({ DATA_DIR: tempDir() })).metrics).toBe("loopback only");
  });

  it("plays WhatsApp and SMS locally without keys, and takes WhatsApp's four keys together or not at all", () => {
    const local = buildConfig({ DATA_DIR: tempDir() });
    expect(local.channels).toEqual({
      whatsapp: undefined,
      sms: undefined,
      // Generated: the local outbox plays MSG91's delivery reports through the same check.
      smsWebhookToken: expect.stringMatching(/^[\w-]{43}$/),
      outboxPageEnabled: true,
    });
    expect(describeConfig(local)).toMatchObject({
      whatsapp: "local outbox (no WHATSAPP_ACCESS_TOKEN)",
      sms: "local outbox (no MSG91_AUTH_KEY)",
    });
    expect(() => buildConfig({ DATA_DIR: tempDir(), WHATSAPP_ACCESS_TOKEN: "t" })).toThrow(
      "WHATSAPP_ACCESS_TOKEN, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET and WHATSAPP_VERIFY_TOKEN are set together or not at all",
    );
    const meta = buildConfig({
      DATA_DIR: tempDir(),
      WHATSAPP_ACCESS_TOKEN: "t",
      WHATSAPP_PHONE_NUMBER_ID: "123",
      WHATSAPP_APP_SECRET: "s",
      WHATSAPP_VERIFY_TOKEN: "v",
      WHATSAPP_TEMPLATES: "session.reminder-1h=starts_in_an_hour",
    });
    expect(meta.channels.outboxPageEnabled).toBe(false);
    expect(meta.channels.whatsapp!.templates["session.reminder-1h"]).toBe("starts_in_an_hour");
    expect(meta.channels.whatsapp!.templates["session.confirmed"]).toBe("booking_confirmed");
  });

  it("needs an MSG91 template id for every message, and refuses a message it does not know", () => {
    expect(() => buildConfig({ DATA_DIR: tempDir(), MSG91_AUTH_KEY: "k" })).toThrow(
      "MSG91_TEMPLATES: a template id is needed for phone.verification-code",
    );
    expect(() =>
      buildConfig({ DATA_DIR: tempDir(), MSG91_AUTH_KEY: "k", MSG91_TEMPLATES: "session.lunch=x" }),
    ).toThrow('MSG91_TEMPLATES: "session.lunch=x" is not message=template');
  });
});

import { describe, expect, it } from "vitest";
import {
  ALWAYS_SENT_KINDS,
  DEFAULT_PREFERENCES,
  EMAILS,
  type EmailName,
  MESSAGE_KINDS,
  NOTIFICATION_KIND_LABELS,
  CONSENTED_KINDS,
  SWITCHABLE_KINDS,
  isOptional,
  isSwitchable,
  sendsKind,
  preferenceMatrix,
  shouldSend,
} from "./notifications";

describe("the kind of every e-mail", () => {
  it("puts each e-mail the product sends in one kind, as decided (ADR 90)", () => {
    expect(EMAILS).toEqual({
      "session.confirmed": "confirmations",
      "session.rescheduled": "booking_changes",
      "session.cancelled": "cancellations",
      "session.reminder": "reminders",
      "refund.sent": "receipts",
      // A no-show report can take money: the reported party must hear of it to dispute.
      "no-show.reported": "cancellations",
      "no-show.disputed": "cancellations",
      "no-show.decided": "cancellations",
      "advisor.hidden-for-no-shows": "account",
      "auth.reset-password": "security",
      "auth.verify-email": "security",
      "auth.confirm-new-email": "security",
      "auth.email-changed": "security",
      "account.data-export-ready": "account",
      "account.deleted": "account",
      "advisor.invitation": "account",
      "advisor.application-received": "account",
      "advisor.decision": "account",
      "advisor.changes-decision": "account",
      "support.message": "account",
      "support.acknowledgement": "account",
      "admin.ledger-mismatch": "account",
      "messages.unread": "messages",
      "conversation.warning": "account",
      "package.bought": "confirmations",
      "package.cancelled": "cancellations",
      "package.withdrawn": "cancellations",
      "package.expired": "cancellations",
      "question.asked": "confirmations",
      "question.answered": "messages",
      "question.refunded": "cancellations",
    });
  });

  it("lets nobody refuse a confirmation, a cancellation, a receipt or a security notice", () => {
    for (const kind of ["confirmations", "cancellations", "receipts", "security"] as const) {
      expect(ALWAYS_SENT_KINDS).toContain(kind);
      expect(isSwitchable(kind)).toBe(false);
    }
    const off = SWITCHABLE_KINDS.map((kind) => ({ kind, channel: "email", enabled: false }));
    const always = (Object.keys(EMAILS) as EmailName[]).filter((e) => !isSwitchable(EMAILS[e]));
    for (const email of always) expect(shouldSend(email, off), email).toBe(true);
  });

  it("names and describes every kind", () => {
    for (const kind of MESSAGE_KINDS) expect(NOTIFICATION_KIND_LABELS[kind].label).not.toBe("");
  });
});

describe("product news", () => {
  it("is marketing: sent only with the person's consent, which is its switch", () => {
    expect(CONSENTED_KINDS).toEqual(["product_news"]);
    expect(isSwitchable("product_news")).toBe(false);
    expect(isOptional("product_news")).toBe(true);
    // No product news e-mail exists yet: the rule is checked on the kind itself.
    expect(Object.values(EMAILS)).not.toContain("product_news");
    expect(sendsKind("product_news", [])).toBe(false);
    expect(sendsKind("product_news", [], { marketingConsent: true })).toBe(true);
    expect(
      sendsKind("product_news", [{ kind: "product_news", channel: "email", enabled: true }]),
    ).toBe(false);
  });
});

describe("a person's choices", () => {
  it("start with everything on but product news, which needs consent", () => {
    expect(DEFAULT_PREFERENCES).toEqual({
      booking_changes: true,
      reminders: true,
      review_requests: true,
      messages: true,
    });
    expect(shouldSend("session.reminder", [])).toBe(true);
    expect(shouldSend("session.rescheduled", [])).toBe(true);
  });

  it("decide a switchable e-mail on its own channel only", () => {
    const stored = [{ kind: "reminders", channel: "email", enabled: false }];
    expect(shouldSend("session.reminder", stored)).toBe(false);
    expect(shouldSend("session.rescheduled", stored)).toBe(true);
    expect(
      shouldSend("session.reminder", [{ kind: "reminders", channel: "whatsapp", enabled: false }]),
    ).toBe(true);
    expect(
      shouldSend("session.rescheduled", [
        { kind: "booking_changes", channel: "email", enabled: false },
      ]),
    ).toBe(false);
  });

  it("fill the settings form: stored where chosen, the default elsewhere", () => {
    expect(preferenceMatrix([{ kind: "reminders", channel: "email", enabled: false }])).toEqual({
      booking_changes: { email: true, whatsapp: true, sms: true },
      reminders: { email: false, whatsapp: true, sms: true },
      review_requests: { email: true, whatsapp: true, sms: true },
      messages: { email: true, whatsapp: true, sms: true },
    });
  });
});

import { POLICY_DATES } from "./policy-dates";

/**
 * What a person agrees to, kept as a log of what they were shown and when (ADR 88): each grant
 * or withdrawal is one event with the document's version (its last-updated date) and the words
 * on the screen. The current state of each consent is the latest event of its kind.
 */
export const CONSENT_KINDS = [
  "terms",
  "privacy",
  "advisor_agreement",
  "marketing",
  "whatsapp",
  "sms",
] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];
export const CONSENT_ACTIONS = ["granted", "withdrawn"] as const;
export type ConsentAction = (typeof CONSENT_ACTIONS)[number];
/** Where it was given or withdrawn ("before-records": accounts older than the log; "reply": a STOP reply). */
export const CONSENT_SOURCES = [
  "sign-up",
  "application",
  "settings",
  "before-records",
  "reply",
] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

export type ConsentEvent = {
  kind: ConsentKind;
  action: ConsentAction;
  version: string;
  wording: string;
  source: ConsentSource;
  at: Date;
};

type ConsentTerms = {
  label: string;
  /** The document it refers to, if any. */
  href: string | null;
  /** The current version: the document's last-updated date. */
  version: string;
  versionLabel: string | null;
  /** What the person is shown when they give it. */
  wording: string;
  /** How a person withdraws it when settings cannot (the Terms: only by leaving). */
  withdrawnBy: "settings" | "deleting the account" | "closing the advisor profile";
};

export const SIGN_UP_WORDING =
  "By signing up you agree to our Terms & Conditions and Privacy Policy.";
/** An invited advisor's first password: the same agreement, in the activation page's words. */
export const ACTIVATION_WORDING =
  "By activating your account you agree to our Terms & Conditions and Privacy Policy.";
export const ADVISOR_AGREEMENT_WORDING =
  "I accept the terms and conditions, the Advisor Agreement and the Code of Conduct.";
export const MARKETING_WORDING =
  "Send me product news by e-mail: new features and advice from BeenThere. I can stop it at any time.";

/** The opt-in to each phone channel (issue 41): WhatsApp's policy asks for it in these words. */
export const WHATSAPP_WORDING =
  "Send me booking confirmations, changes, cancellations, reminders and review requests on WhatsApp at my verified number. I can stop them at any time by replying STOP or here in settings.";
export const SMS_WORDING =
  "Send me booking confirmations, changes, cancellations, reminders and review requests by SMS at my verified number. I can stop them at any time by replying STOP or here in settings.";

export const CONSENTS: Record<ConsentKind, ConsentTerms> = {
  terms: {
    label: "Terms & Conditions",
    href: "/terms",
    version: POLICY_DATES.terms.dateTime,
    versionLabel: POLICY_DATES.terms.label,
    wording: SIGN_UP_WORDING,
    withdrawnBy: "deleting the account",
  },
  privacy: {
    label: "Privacy Policy",
    href: "/privacy",
    version: POLICY_DATES.privacy.dateTime,
    versionLabel: POLICY_DATES.privacy.label,
    wording: SIGN_UP_WORDING,
    withdrawnBy: "deleting the account",
  },
  advisor_agreement: {
    label: "Advisor Agreement and Code of Conduct",
    href: "/advisor-agreement",
    version: POLICY_DATES.advisorAgreement.dateTime,
    versionLabel: POLICY_DATES.advisorAgreement.label,
    wording: ADVISOR_AGREEMENT_WORDING,
    withdrawnBy: "closing the advisor profile",
  },
  marketing: {
    label: "Product news by e-mail",
    href: null,
    version: "2026-11-28",
    versionLabel: null,
    wording: MARKETING_WORDING,
    withdrawnBy: "settings",
  },
  whatsapp: {
    label: "Messages on WhatsApp",
    href: null,
    version: "2026-11-28",
    versionLabel: null,
    wording: WHATSAPP_WORDING,
    withdrawnBy: "settings",
  },
  sms: {
    label: "Messages by SMS",
    href: null,
    version: "2026-11-28",
    versionLabel: null,
    wording: SMS_WORDING,
    withdrawnBy: "settings",
  },
};

export type ConsentState = {
  kind: ConsentKind;
  /** Given and not withdrawn since. */
  given: boolean;
  /** The latest event, or null when there is no record. */
  last: ConsentEvent | null;
  /** Given to an older version than the one in force now. */
  outdated: boolean;
};

/** Each kind's current state from its events (oldest first), in CONSENT_KINDS order. */
export function consentStates(events: readonly ConsentEvent[]): ConsentState[] {
  return CONSENT_KINDS.map((kind) => {
    const last = events
      .filter((e) => e.kind === kind)
      .reduce<ConsentEvent | null>((a, e) => (a && a.at > e.at ? a : e), null);
    const given = last?.action === "granted";
    const outdated = last !== null && given && last.version !== CONSENTS[kind].version;
    return { kind, given, last, outdated };
  });
}

/** A new event for a consent given or withdrawn now, at the version in force. */
export function consentEvent(
  kind: ConsentKind,
  action: ConsentAction,
  source: ConsentSource,
  at: Date,
  wording = CONSENTS[kind].wording,
): ConsentEvent {
  return { kind, action, version: CONSENTS[kind].version, wording, source, at };
}

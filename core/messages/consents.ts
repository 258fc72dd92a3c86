/* What the settings say about a person's consents (ADR 88). */
export const CONSENT_MESSAGES = {
  heading: "What you agreed to",
  intro: "Each agreement, the version you agreed to, and when.",
  agreedOn: (day: string) => `Agreed on ${day}`,
  agreedBeforeRecords: (day: string) => `Agreed when your account was made (${day})`,
  versionOf: (label: string) => `Version of ${label}`,
  newerVersion: (label: string) =>
    `Updated since: the version of ${label} is in force now. Please read it.`,
  noRecord: "No record: you have not agreed to it.",
  withdrawnBy: {
    "deleting the account": "You withdraw it by deleting your account (below).",
    "closing the advisor profile":
      "You withdraw it by closing your advisor profile: delete your account (below), or write to us to stay a seeker.",
  },
  marketingOn: (day: string) => `On since ${day}`,
  marketingOff: "Off",
  marketingTurnOn: "Send me product news",
  marketingTurnOff: "Stop product news",
  marketingStarted: "Product news is on. You can stop it here at any time.",
  marketingStopped: "Product news is off. We will not send you any.",
  invalid: "That choice is not one we offer.",
  failed: "Your choice could not be saved. Please try again.",
} as const;

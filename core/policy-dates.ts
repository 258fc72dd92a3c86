/**
 * The dates the policy pages were last changed. A date is also the version a person agrees to
 * (core/consents.ts): changing a policy's text means changing its date here.
 */
export const POLICY_DATES = {
  terms: { label: "30th June 2025", dateTime: "2025-06-30" },
  refunds: { label: "30th June 2025", dateTime: "2025-06-30" },
  advisorAgreement: { label: "30th June 2025", dateTime: "2025-06-30" },
  codeOfConduct: { label: "30th June 2025", dateTime: "2025-06-30" },
  // The self-serve rights (download, withdraw, delete) replaced "write to us" (issue 38).
  privacy: { label: "28 November 2026", dateTime: "2026-11-28" },
} as const;

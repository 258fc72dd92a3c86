/*
 * What an admin may do to an advisor profile's status, and how each status is shown. Pure, so
 * the server (which decides) and the screens (which only offer what is allowed) share it.
 */
export const ADVISOR_STATUSES = [
  "draft",
  "pending",
  "pending_activation",
  "approved",
  "rejected",
] as const;
export type AdvisorStatus = (typeof ADVISOR_STATUSES)[number];
export type ReviewAction = "approve" | "reject";
/** The badge colours of the design system (app/components/ui/card.tsx). */
export type BadgeTone = "neutral" | "brand" | "warning" | "danger";

/**
 * pending → approved or rejected; approved → rejected; rejected (and any other submitted
 * status) → approved. A profile pending activation waits for its advisor to set a password
 * (activation approves it), and a draft is an application not yet submitted: neither changes
 * here.
 */
export function allowedActions(status: string): ReviewAction[] {
  switch (status) {
    case "pending":
      return ["approve", "reject"];
    case "approved":
      return ["reject"];
    case "pending_activation":
    case "draft":
      return [];
    default:
      return ["approve"];
  }
}

export type Transition =
  { ok: true; from: string; to: "approved" | "rejected" } | { ok: false; from: string };

export function transition(status: string, action: ReviewAction): Transition {
  if (!allowedActions(status).includes(action)) return { ok: false, from: status };
  return { ok: true, from: status, to: action === "approve" ? "approved" : "rejected" };
}

/** The admin advisors page's accordion sections, in order. */
export const REVIEW_SECTIONS = [
  { key: "pending", title: "Pending Approval" },
  { key: "pending_activation", title: "Pending Activation" },
  { key: "approved", title: "Approved" },
  { key: "other", title: "Rejected and Others" },
] as const;
export type ReviewSection = (typeof REVIEW_SECTIONS)[number]["key"];

export function sectionOf(status: string): ReviewSection {
  return status === "pending" || status === "pending_activation" || status === "approved"
    ? status
    : "other";
}

const LABELS: Record<string, string> = {
  draft: "Draft",
  pending: "Pending",
  pending_activation: "Pending Activation",
  approved: "Approved",
  rejected: "Rejected",
};

/**
 * Approved is the default style, pending secondary, rejected destructive; an approved advisor
 * whose account is inactive reads Inactive.
 */
export function statusBadge(
  status: string,
  userActive: boolean,
): { label: string; tone: BadgeTone } {
  if (status === "approved") {
    return userActive
      ? { label: "Approved", tone: "brand" }
      : { label: "Inactive", tone: "neutral" };
  }
  if (status === "pending") return { label: "Pending", tone: "neutral" };
  if (status === "pending_activation") return { label: LABELS[status]!, tone: "warning" };
  if (status === "rejected") return { label: "Rejected", tone: "danger" };
  return { label: LABELS[status] ?? status, tone: "neutral" };
}

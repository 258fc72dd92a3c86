import { formatInr, formatShortDate, truncate } from "../format";
import { formatSlotLabel } from "../slots";
import { isAuditAction } from "./audit-actions";

/*
 * How an audit log entry reads on the audit page: one sentence saying who did what to whom,
 * then a line per thing that changed ("Priya Sharma's hourly rate: ₹4,500 → ₹5,000"), then
 * the addresses of the people it concerns. Pure: the entry as stored in `audit_log` in, words
 * out. Every action the server writes has its own sentence; a field or an action this file
 * does not know still reads as "its name: before → after", never as JSON.
 */

/** An audit_log row as the page reads it: the action, who did it, and its `details`. */
export type AuditRecord = {
  action: string;
  /** The admin's name; null when their account is gone. */
  actorName: string | null;
  details: Record<string, unknown> | null;
};

export type AuditText = {
  /** "Rohan Kapoor made Aditya Verma an admin." */
  sentence: string;
  /** One line per change or detail, e.g. "Priya Sharma's hourly rate: ₹4,500 → ₹5,000". */
  changes: string[];
  /** The e-mail addresses of the people concerned, as they were at the time, or null. */
  contacts: string | null;
};

/** Session times read in India's zone, as the page's "When" column does. */
export const AUDIT_TIME_ZONE = "Asia/Kolkata";

const NONE = "none";

type Party = { name: string; email: string | null };

const PERSON = /^(.*) <([^<>]*)>$/;
const BOOKING = /^(.*?) <([^<>]*)> with (.*) <([^<>]*)>$/;
const TRANSFER = /^(\S+) to (.*) <([^<>]*)>$/;

/** "Priya Sharma <priya@x>" (how the server labels a person) → name and e-mail. */
function person(label: string): Party {
  const match = PERSON.exec(label);
  return match
    ? { name: match[1]!.trim() || match[2]!, email: match[2]! }
    : { name: label, email: null };
}

const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

const possessive = (name: string) => `${name}'s`;

const STATUS_WORDS: Record<string, string> = {
  draft: "Draft",
  pending: "Pending review",
  pending_activation: "Pending activation",
  approved: "Approved",
  rejected: "Rejected",
};

const status = (value: unknown) =>
  typeof value === "string" ? (STATUS_WORDS[value] ?? value) : plain(value);

/** A value in words: nothing is "none", a list is its items, a number is a number. */
function plain(value: unknown): string {
  if (value === null || value === undefined || value === "") return NONE;
  if (Array.isArray(value)) return value.length === 0 ? NONE : value.map(plain).join(", ");
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "object") {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, inner]) => `${words(key)} ${plain(inner)}`)
      .join(", ");
  }
  return String(value);
}

/** "current_company" → "current company"; "lastError" → "last error". */
const words = (key: string) =>
  key
    .replace(/_/g, " ")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase();

function rupees(value: unknown): string {
  const amount = typeof value === "string" ? Number(value) : value;
  if (typeof amount !== "number" || !Number.isFinite(amount)) return plain(value);
  return amount === 0 ? "Pro bono" : formatInr(amount);
}

function years(value: unknown): string {
  if (typeof value !== "number") return plain(value);
  return value === 1 ? "1 year" : `${value} years`;
}

const quoted = (value: unknown) =>
  typeof value === "string" && value !== "" ? `“${truncate(value, 80)}”` : NONE;

function when(value: unknown): string {
  const instant = typeof value === "string" ? new Date(value) : null;
  if (!instant || Number.isNaN(instant.getTime())) return plain(value);
  return `${formatShortDate(instant, AUDIT_TIME_ZONE)}, ${formatSlotLabel(instant, AUDIT_TIME_ZONE)}`;
}

/** A list's change as what came and went: "added Python, SQL; removed Excel". */
function listChange(before: unknown, after: unknown): string {
  const was = Array.isArray(before) ? before.map(String) : [];
  const now = Array.isArray(after) ? after.map(String) : [];
  const added = now.filter((item) => !was.includes(item));
  const removed = was.filter((item) => !now.includes(item));
  const parts = [
    added.length > 0 ? `added ${added.join(", ")}` : "",
    removed.length > 0 ? `removed ${removed.join(", ")}` : "",
  ].filter(Boolean);
  return parts.length > 0 ? parts.join("; ") : "reordered";
}

type FieldRule =
  { label: string; show: (value: unknown) => string } | { label: string; list: true };

/** The advisor profile's fields an admin's edit records (server/admin/advisor-edit.server.ts). */
const PROFILE_FIELDS: Record<string, FieldRule> = {
  phone: { label: "phone number", show: plain },
  job_title: { label: "job title", show: plain },
  current_company: { label: "company", show: plain },
  total_experience_years: { label: "experience", show: years },
  linkedin_url: { label: "LinkedIn URL", show: plain },
  work_locations: { label: "work locations", list: true },
  short_intro: { label: "short introduction", show: quoted },
  about: { label: "About text", show: quoted },
  skills: { label: "skills", list: true },
  career_advice_topics: { label: "career advice topics", list: true },
  personal_advice_topics: { label: "personal advice topics", list: true },
  business_advice_topics: { label: "business advice topics", list: true },
  hourly_rate_inr: { label: "hourly rate", show: rupees },
  profile_status: { label: "profile status", show: status },
};

const WEEKDAYS: Record<string, string> = {
  "1": "Monday",
  "2": "Tuesday",
  "3": "Wednesday",
  "4": "Thursday",
  "5": "Friday",
  "6": "Saturday",
  "7": "Sunday",
};

/** A day's windows: "09:00–12:00, 14:00–17:00", or "none". */
function hours(windows: unknown): string {
  if (!Array.isArray(windows) || windows.length === 0) return NONE;
  return windows
    .map((w) => {
      const { start, end } = record(w);
      return `${String(start)}–${String(end)}`;
    })
    .join(", ");
}

/** A weekly schedule's change: its zone, then each weekday whose hours changed. */
function availabilityChanges(name: string, before: unknown, after: unknown): string[] {
  const was = record(before);
  const now = record(after);
  const lines: string[] = [];
  if (was.timeZone !== now.timeZone) {
    lines.push(
      `${possessive(name)} availability time zone: ${plain(was.timeZone)} → ${plain(now.timeZone)}`,
    );
  }
  const wasDays = record(was.windows);
  const nowDays = record(now.windows);
  for (const [day, dayName] of Object.entries(WEEKDAYS)) {
    const from = hours(wasDays[day]);
    const to = hours(nowDays[day]);
    if (from !== to) lines.push(`${possessive(name)} ${dayName} hours: ${from} → ${to}`);
  }
  return lines;
}

/** One line per changed field of a profile (or anything else keyed by field). */
function fieldChanges(name: string, before: unknown, after: unknown): string[] {
  const was = record(before);
  const now = record(after);
  const keys = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  return keys.flatMap((key) => {
    if (key === "availability") return availabilityChanges(name, was[key], now[key]);
    if (key === "headshot_url") {
      return [`${possessive(name)} photo was ${was[key] ? "replaced" : "added"}`];
    }
    const rule = PROFILE_FIELDS[key];
    const label = rule?.label ?? words(key);
    if (rule && "list" in rule)
      return [`${possessive(name)} ${label}: ${listChange(was[key], now[key])}`];
    const show = rule && "show" in rule ? rule.show : plain;
    return [`${possessive(name)} ${label}: ${show(was[key])} → ${show(now[key])}`];
  });
}

const reason = (value: unknown) =>
  typeof value === "string" && value.trim() !== "" ? [`Reason: ${value}`] : [];

const differences = (value: unknown) =>
  value === 0 ? "no differences" : value === 1 ? "1 difference" : `${plain(value)} differences`;

export function describeAudit(entry: AuditRecord): AuditText {
  const actor = entry.actorName?.trim() || "A deleted user";
  const details = record(entry.details);
  const label = typeof details.targetLabel === "string" ? details.targetLabel : "";
  const before = record(details.before);
  const after = record(details.after);
  const note = details.note;
  const target = person(label);
  const name = target.name || "someone";
  const contacts = target.email;
  const action = isAuditAction(entry.action) ? entry.action : null;

  switch (action) {
    case "admin.grant":
      return { sentence: `${actor} made ${name} an admin.`, changes: [], contacts };
    case "admin.revoke":
      return {
        sentence: `${actor} revoked ${possessive(name)} admin role.`,
        changes: [],
        contacts,
      };
    case "advisor.approve":
    case "advisor.reject":
      return {
        sentence:
          action === "advisor.approve"
            ? `${actor} approved ${name} as an advisor.`
            : `${actor} rejected ${possessive(name)} advisor profile.`,
        changes: [
          `${possessive(name)} profile status: ${status(before.profile_status)} → ${status(after.profile_status)}`,
          ...reason(note),
        ],
        contacts,
      };
    case "advisor.edit":
      return {
        sentence: `${actor} edited ${possessive(name)} advisor profile.`,
        changes: fieldChanges(name, before, after),
        contacts,
      };
    case "advisor.changes_approve":
      return {
        sentence: `${actor} approved ${possessive(name)} profile changes.`,
        changes: fieldChanges(name, before, after),
        contacts,
      };
    case "advisor.changes_reject":
      return {
        sentence: `${actor} turned down ${possessive(name)} profile changes; the live profile stays as it was.`,
        changes: [...fieldChanges(name, before, after), ...reason(note)],
        contacts,
      };
    case "advisor.create":
      return {
        sentence: `${actor} added ${name} as an advisor and sent them an activation e-mail.`,
        changes: [],
        contacts: typeof after.email === "string" ? after.email : contacts,
      };
    case "advisor.invite_resent":
      return {
        sentence: `${actor} sent ${possessive(name)} activation e-mail again.`,
        changes: [],
        contacts:
          typeof after.invitation_sent_to === "string" ? after.invitation_sent_to : contacts,
      };
    case "booking.cancel":
    case "booking.reschedule": {
      const match = BOOKING.exec(label);
      const seeker = match ? match[1]! : label;
      const advisor = match ? match[3]! : "their advisor";
      const session = `${possessive(seeker)} session with ${advisor}`;
      return action === "booking.cancel"
        ? {
            sentence: `${actor} cancelled ${session}.`,
            changes: reason(after.cancellation_reason),
            contacts: match ? `${match[2]} with ${match[4]}` : null,
          }
        : {
            sentence: `${actor} rescheduled ${session}.`,
            changes: [
              `Session time: ${when(before.datetime)} → ${when(after.datetime)} (${AUDIT_TIME_ZONE})`,
            ],
            contacts: match ? `${match[2]} with ${match[4]}` : null,
          };
    }
    case "no_show.decide": {
      const match = BOOKING.exec(label);
      const seeker = match ? match[1]! : label;
      const advisor = match ? match[3]! : "their advisor";
      const decided =
        after.outcome === "advisor_absent"
          ? `${advisor} did not come; the seeker is refunded in full`
          : after.outcome === "seeker_absent"
            ? `${seeker} did not come; the session counts as held`
            : "no fault; nothing changes";
      return {
        sentence: `${actor} decided the disputed no-show of ${possessive(seeker)} session with ${advisor}: ${decided}.`,
        changes: [],
        contacts: match ? `${match[2]} with ${match[4]}` : null,
      };
    }
    case "advisor.restore_search":
      return {
        sentence: `${actor} listed ${name} in search again after their no-shows were reviewed.`,
        changes: [],
        contacts,
      };
    case "payout.retry": {
      const match = TRANSFER.exec(label);
      const amount = match ? match[1]! : "";
      const advisor = match ? match[2]! : label;
      return {
        sentence: `${actor} retried the failed payout${amount ? ` of ${amount}` : ""} to ${advisor}.`,
        changes: [
          ...(typeof before.lastError === "string" && before.lastError !== ""
            ? [`It had failed with: ${before.lastError}`]
            : []),
          after.status === "awaiting_account"
            ? `It waits for ${possessive(advisor)} payout account to be activated.`
            : "It goes out with the next payout run.",
        ],
        contacts: match ? match[3]! : null,
      };
    }
    case "message.retry":
      return {
        sentence: `${actor} queued the failed ${label} again.`,
        changes:
          typeof before.lastError === "string" && before.lastError !== ""
            ? [`It had failed with: ${before.lastError}`]
            : [],
        contacts: null,
      };
    case "ledger.reconcile":
      return {
        sentence: `${actor} ran the ledger reconciliation: ${differences(after.differences)} found.`,
        changes: [],
        contacts: null,
      };
    case "account.export_request":
      return { sentence: `${actor} asked for a copy of their data.`, changes: [], contacts };
    case "account.export_download":
      return { sentence: `${actor} downloaded a copy of their data.`, changes: [], contacts };
    case "account.delete":
      return {
        sentence:
          after.by === "admin"
            ? `${actor} deleted an account on its owner's request.`
            : `${actor} deleted their own account.`,
        changes:
          typeof after.sessions_cancelled === "number" && after.sessions_cancelled > 0
            ? [`Upcoming sessions cancelled: ${after.sessions_cancelled}`]
            : [],
        contacts: null,
      };
    case "report.read":
      return {
        sentence: `${actor} read the conversation in which ${name} was reported.`,
        changes: [],
        contacts,
      };
    case "report.attachment_download":
      return {
        sentence: `${actor} downloaded ${plain(after.file_name)} from the conversation in which ${name} was reported.`,
        changes: [],
        contacts,
      };
    case "report.dismiss":
      return {
        sentence: `${actor} dismissed the report about ${name}.`,
        changes: reason(note),
        contacts,
      };
    case "report.warn":
      return {
        sentence: `${actor} warned ${name} about their messages.`,
        changes: reason(note),
        contacts,
      };
    case "report.block_messaging":
      return {
        sentence: `${actor} blocked ${name} from sending messages.`,
        changes: reason(note),
        contacts,
      };
    case "report.suspend":
      return {
        sentence: `${actor} suspended ${possessive(name)} account.`,
        changes: reason(note),
        contacts,
      };
    case "user.unblock_messaging":
      return {
        sentence: `${actor} let ${name} send messages again.`,
        changes: [],
        contacts,
      };
    case "package.hide":
    case "package.show":
      return {
        sentence: `${actor} ${action === "package.hide" ? "hid" : "showed"} ${possessive(name)} package${typeof note === "string" ? ` "${note}"` : ""}${action === "package.hide" ? "" : " again"}.`,
        changes: [],
        contacts,
      };
    case "package.withdraw": {
      const refund = typeof after.refundPaise === "number" ? after.refundPaise : 0;
      return {
        sentence: `${actor} withdrew the bought package "${name}"${refund > 0 ? `, refunding ${formatInr(refund / 100)} for its unused sessions` : ""}.`,
        changes: [],
        contacts,
      };
    }
    default:
      return {
        sentence: `${actor}: ${words(entry.action)}${label ? ` (${name})` : ""}.`,
        changes: [...fieldChanges(name, before, after), ...reason(note)],
        contacts,
      };
  }
}

import type { ReportOutcome, ReportStatus } from "../conversation";
import type { PageKeys } from "./list-page";

/** The admin's Reports page (issue 39): what the server's query gives the components. */

export type ReportPerson = {
  userId: string;
  name: string;
  email: string;
  /** "Seeker" or "Advisor" in this conversation. */
  side: "seeker" | "advisor";
  deleted: boolean;
  messagingBlockedAt: string | null;
  suspended: boolean;
};

export type ReportedMessage = {
  id: number;
  /** The sender's name, "A former member", or null for a session notice. */
  sender: string | null;
  fromReported: boolean;
  body: string;
  at: string;
  attachments: { id: string; fileName: string; byteSize: number }[];
};

export type ReportCard = {
  id: string;
  createdAt: string;
  reason: string;
  status: ReportStatus;
  outcome: ReportOutcome | null;
  closedAt: string | null;
  closedBy: string | null;
  reporter: ReportPerson;
  reported: ReportPerson;
  /** The conversation's latest messages, oldest first. */
  messages: ReportedMessage[];
  /** Messages before those shown. */
  earlier: number;
};

export type ReportsPage = {
  status: ReportStatus;
  reports: ReportCard[];
  keys: PageKeys;
  count: { n: number; more: boolean };
};

export type ReportActionAnswer = { ok: true; message: string } | { ok: false; message: string };

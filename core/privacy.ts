/** What Settings › Privacy shows (plain data: the components import no server code). */

/** The person's latest export: being made, ready until a moment (already in words), or failed. */
export type ExportState =
  | { status: "queued" }
  | { status: "ready"; id: string; until: string }
  | { status: "failed" }
  | null;

/** What deleting the account would do, for the consequences stated before confirming. */
export type DeletionFacts = {
  upcomingSessions: number;
  /** Packages bought or sold still active, and paid questions still open. */
  activePackages: number;
  openQuestions: number;
  /** Earnings not yet paid out, in words ("₹4,720"), for advisors who have some. */
  heldBalance: string | null;
  /** Confirms with a password, else with the word. */
  hasPassword: boolean;
};

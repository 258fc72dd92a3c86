/*
 * The admin actions the audit log records, with the names the audit page shows. Stored as the
 * key (e.g. "advisor.approve"); a new kind of admin action gets its key here first.
 */
export const AUDIT_ACTIONS = {
  "admin.grant": "Made admin",
  "admin.revoke": "Revoked admin",
  "advisor.approve": "Approved advisor",
  "advisor.reject": "Rejected advisor",
  "advisor.edit": "Edited advisor profile",
  "advisor.changes_approve": "Approved profile changes",
  "advisor.changes_reject": "Rejected profile changes",
  "advisor.create": "Created advisor",
  "advisor.invite_resent": "Resent activation e-mail",
  "booking.cancel": "Cancelled session",
  "booking.reschedule": "Rescheduled session",
  "payout.retry": "Retried payout",
  "message.retry": "Retried WhatsApp/SMS message",
  "ledger.reconcile": "Ran reconciliation",
  "account.export_request": "Requested data export",
  "account.export_download": "Downloaded data export",
  "account.delete": "Deleted account",
  "no_show.decide": "Decided no-show",
  "advisor.restore_search": "Restored advisor to search",
  "report.read": "Read reported conversation",
  "report.attachment_download": "Downloaded reported file",
  "report.dismiss": "Dismissed report",
  "report.warn": "Warned about messages",
  "report.block_messaging": "Blocked from messaging",
  "report.suspend": "Suspended account",
  "user.unblock_messaging": "Unblocked messaging",
  "package.hide": "Hid package",
  "package.show": "Showed package",
  "package.withdraw": "Withdrew bought package",
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

export function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === "string" && Object.hasOwn(AUDIT_ACTIONS, value);
}

export type AuditTargetType =
  "user" | "advisor" | "booking" | "transfer" | "ledger" | "message" | "report" | "package";

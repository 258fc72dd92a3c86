import type { ReactNode } from "react";
import { Link } from "react-router";
import { EARNINGS_MESSAGES as M, PAYMENT_SETTINGS_URL } from "../../../core/messages/earnings";
import { cn } from "../../lib/cn";

export type PayoutAlertsProps = {
  account: { status: string; lastError: string | null; hasBankDetails: boolean };
  /** Each failed transfer in words (EARNINGS_MESSAGES.failedTransfer). */
  failed: string[];
};

/** What stands between the advisor and their money, each with the way to fix it. */
export function PayoutAlerts({ account, failed }: PayoutAlertsProps) {
  const alerts = [];
  if (!account.hasBankDetails) {
    alerts.push(
      <Alert key="bank" tone="warning">
        <p>{M.noBankDetails}</p>
        <SettingsLink />
      </Alert>,
    );
  } else if (account.status === "needs_clarification") {
    alerts.push(
      <Alert key="account" tone="danger">
        <p>{M.needsClarification(account.lastError)}</p>
        <SettingsLink />
      </Alert>,
    );
  } else if (account.status === "under_review") {
    alerts.push(
      <Alert key="review" tone="info">
        <p>{M.underReview}</p>
      </Alert>,
    );
  }
  if (failed.length > 0) {
    alerts.push(
      <Alert key="failed" tone="danger">
        <p className="font-semibold">{M.failedTitle(failed.length)}</p>
        <ul className="list-disc pl-5">
          {failed.map((text, i) => (
            // Two failures can read alike (same day, amount and reason).
            <li key={i}>{text}</li>
          ))}
        </ul>
        <p>{M.failedHelp}</p>
        <SettingsLink />
      </Alert>,
    );
  }
  return alerts.length > 0 ? <div className="grid gap-3">{alerts}</div> : null;
}

const TONES = {
  warning: "border-amber-200 bg-amber-50 text-amber-900",
  danger: "border-red-200 bg-red-50 text-red-900",
  info: "border-brand-200 bg-brand-50 text-brand-900",
};

function Alert({ tone, children }: { tone: keyof typeof TONES; children: ReactNode }) {
  return (
    <div
      data-testid="payout-alert"
      className={cn("grid gap-2 rounded-card border p-4 text-sm", TONES[tone])}
    >
      {children}
    </div>
  );
}

function SettingsLink() {
  return (
    <Link to={PAYMENT_SETTINGS_URL} className="justify-self-start font-semibold underline">
      {M.paymentSettingsLink}
    </Link>
  );
}

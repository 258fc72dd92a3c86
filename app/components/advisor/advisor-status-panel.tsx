import { AlertTriangle, Clock, PencilLine } from "lucide-react";
import { Link } from "react-router";
import { STATUS_BANNERS } from "../../../core/messages/advisor";
import { Button } from "../ui/button";
import { Badge, Card } from "../ui/card";
import { PaymentSettingsDialog } from "./payment-settings-dialog";

const BADGES: Record<string, { label: string; tone: "brand" | "warning" | "danger" | "neutral" }> =
  {
    approved: { label: "Approved", tone: "brand" },
    pending: { label: "Pending Review", tone: "warning" },
    pending_activation: { label: "Pending Activation", tone: "neutral" },
    rejected: { label: "Rejected", tone: "danger" },
  };

/**
 * The advisor's part of the dashboard that onboarding needs: status badge, the banner while
 * the profile is not approved, Edit Profile and Payment Settings.
 */
export function AdvisorStatusPanel({ advisorId, status }: { advisorId: string; status: string }) {
  const badge = BADGES[status] ?? { label: status, tone: "danger" as const };
  return (
    <div className="mt-4 grid gap-4">
      {status === "approved" ? null : (
        <div
          role="status"
          className={
            status === "pending"
              ? "flex items-start gap-3 rounded-card border border-amber-200 bg-amber-50 p-4 text-amber-900"
              : "flex items-start gap-3 rounded-card border border-red-200 bg-red-50 p-4 text-red-900"
          }
        >
          {status === "pending" ? (
            <Clock className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          ) : (
            <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          )}
          <p>{status === "pending" ? STATUS_BANNERS.pending : STATUS_BANNERS.other}</p>
        </div>
      )}
      <div className="grid gap-4 md:grid-cols-2">
        <Card className="grid gap-3 p-6">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="font-semibold">Your advisor profile</h2>
            <Badge tone={badge.tone}>{badge.label}</Badge>
          </div>
          <p className="text-sm text-muted">
            Keep your experience, topics and rate up to date. Changes are reviewed before they go
            live.
          </p>
          <Button asChild variant="outline" className="justify-self-start">
            <Link to={`/advisor/${advisorId}/edit`}>
              <PencilLine aria-hidden="true" />
              Edit Profile
            </Link>
          </Button>
        </Card>
        <PaymentSettingsDialog />
      </div>
    </div>
  );
}

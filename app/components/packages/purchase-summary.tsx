import { Link } from "react-router";
import { formatSessionDate } from "../../../core/format";
import {
  PURCHASE_STATUS_LABELS,
  type PurchaseStatus,
  sessionsLeftText,
} from "../../../core/packages";
import { Badge } from "../ui/card";

export type PurchaseListItem = {
  id: string;
  name: string;
  advisorName: string;
  seekerName: string;
  sessions: number;
  duration: number;
  taken: number;
  status: PurchaseStatus;
  expiresAt: string | null;
};

/** One bought package in a list: what it is, with whom, the sessions left and its expiry. */
export function PurchaseSummary({
  purchase,
  side,
  zone,
}: {
  purchase: PurchaseListItem;
  /** Whose list: the seeker's shows the advisor, the advisor's the seeker. */
  side: "seeker" | "advisor";
  zone: string;
}) {
  const active = purchase.status === "active";
  return (
    <li className="grid gap-1 rounded-lg border border-line p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link
          to={`/packages/${purchase.id}`}
          className="min-w-0 font-semibold wrap-anywhere text-brand-800 underline"
        >
          {purchase.name}
        </Link>
        <Badge tone={active ? "brand" : "neutral"}>{PURCHASE_STATUS_LABELS[purchase.status]}</Badge>
      </div>
      <p className="text-sm wrap-anywhere text-muted">
        {side === "seeker" ? `With ${purchase.advisorName}` : `Bought by ${purchase.seekerName}`} ·{" "}
        {purchase.duration}-minute sessions
      </p>
      {active ? (
        <p className="text-sm">
          {sessionsLeftText(purchase.sessions, purchase.taken)}
          {purchase.expiresAt
            ? ` · expires on ${formatSessionDate(new Date(purchase.expiresAt), zone)}`
            : null}
        </p>
      ) : null}
    </li>
  );
}

import { statusBadge } from "../../../core/admin/advisor-status";
import { Badge } from "../ui/card";

export function StatusBadge({ status, userActive }: { status: string; userActive: boolean }) {
  const { label, tone } = statusBadge(status, userActive);
  // Our own words, never broken across lines (user text may be, by the site-wide rule).
  return (
    <Badge tone={tone} className="whitespace-nowrap">
      {label}
    </Badge>
  );
}

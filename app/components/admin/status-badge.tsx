import { statusBadge } from "../../../core/admin/advisor-status";
import { Badge } from "../ui/card";

export function StatusBadge({ status, userActive }: { status: string; userActive: boolean }) {
  const { label, tone } = statusBadge(status, userActive);
  return <Badge tone={tone}>{label}</Badge>;
}

import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Card } from "../ui/card";

/** A dashboard figure; with `to` the whole tile is a link. */
export function StatTile({
  icon: Icon,
  label,
  value,
  note,
  to,
  newTab,
}: {
  icon: LucideIcon;
  label: string;
  value: ReactNode;
  note?: ReactNode;
  to?: string;
  newTab?: boolean;
}) {
  const body = (
    <Card className="flex h-full items-start gap-4 p-5 transition-colors group-hover:border-brand-300">
      <span className="rounded-lg bg-brand-50 p-2.5 text-brand-700">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <span className="grid gap-0.5">
        <span className="text-sm text-muted">{label}</span>
        <span className="text-2xl font-bold text-ink" data-testid={`tile-${label}`}>
          {value}
        </span>
        {note ? <span className="text-xs text-muted">{note}</span> : null}
      </span>
    </Card>
  );
  if (!to) return body;
  return (
    <Link
      to={to}
      className="group block rounded-card"
      {...(newTab ? { target: "_blank", rel: "noreferrer" } : {})}
    >
      {body}
    </Link>
  );
}

export function TileGrid({ children }: { children: ReactNode }) {
  return <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">{children}</div>;
}

/**
 * The tiles, then the sessions list. On a phone the sessions come first: four stacked tiles
 * would push them, the dashboard's work, below the fold. Only the order on screen changes;
 * the page keeps the spec's order for readers and keyboards.
 */
export function TilesAndSessions({ tiles, sessions }: { tiles: ReactNode; sessions: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-8">
      <div className="grid gap-8 max-sm:order-last" data-testid="dashboard-tiles">
        {tiles}
      </div>
      {sessions}
    </div>
  );
}

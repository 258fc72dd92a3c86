import type { ReactNode } from "react";
import { sessionTypeLabel, type SessionType } from "../../../core/session-types";
import { formatPaise, formatSessionTime } from "../../../core/format";
import { GST_PERCENT } from "../../../core/pricing";

/** The session's date and time in the seeker's and the advisor's zones, one line each. */
export function SessionTimes({
  datetime,
  seekerTimezone,
  advisorTimezone,
}: {
  datetime: Date;
  seekerTimezone: string;
  advisorTimezone: string;
}) {
  const zones =
    seekerTimezone === advisorTimezone
      ? [{ who: "Date and time", zone: seekerTimezone }]
      : [
          { who: "Seeker's time", zone: seekerTimezone },
          { who: "Advisor's time", zone: advisorTimezone },
        ];
  return (
    <>
      {zones.map(({ who, zone }) => (
        <Fact key={who} label={who}>
          {formatSessionTime(datetime, zone)}
        </Fact>
      ))}
    </>
  );
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

/** Fee, GST and total in rupees (amounts in paise), or "Free" for a free session. */
export function PriceBreakdown({
  fee,
  gst,
  total,
  freeLabel = "Free",
  totalLabel = "Total",
  feeLabel = "Session fee",
}: {
  fee: number;
  gst: number;
  total: number;
  freeLabel?: string;
  totalLabel?: string;
  feeLabel?: string;
}) {
  if (total === 0) {
    return <p className="text-lg font-semibold text-success">{freeLabel}</p>;
  }
  return (
    <dl className="grid gap-1 text-sm">
      <div className="flex justify-between gap-4">
        <dt className="text-muted">{feeLabel}</dt>
        <dd>{formatPaise(fee)}</dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt className="text-muted">GST ({GST_PERCENT}%)</dt>
        <dd>{formatPaise(gst)}</dd>
      </div>
      <div className="flex justify-between gap-4 border-t border-line pt-1 text-base font-semibold">
        <dt>{totalLabel}</dt>
        <dd data-testid="price-total">{formatPaise(total)}</dd>
      </div>
    </dl>
  );
}

export function sessionTitle(type: SessionType, duration: number) {
  return `${sessionTypeLabel(type)} · ${duration} minutes`;
}

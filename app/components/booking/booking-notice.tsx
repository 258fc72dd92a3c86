import { CalendarX2 } from "lucide-react";

/** Why there is no time to pick (a day off, a full day, a dropped choice): one quiet line. */
export function BookingNotice({ children }: { children: string }) {
  return (
    <p role="status" className="flex gap-2 rounded-lg border border-dashed border-line p-4 text-sm">
      <CalendarX2 className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden="true" />
      {children}
    </p>
  );
}

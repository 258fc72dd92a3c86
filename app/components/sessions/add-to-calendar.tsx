import { CalendarPlus, Download } from "lucide-react";
import { useId } from "react";
import { useRouteLoaderData } from "react-router";
import { googleCalendarUrl, outlookCalendarUrl } from "../../../core/calendar-links";
import { SESSION_MESSAGES as M } from "../../../core/messages/sessions";
import { type SessionEvent, sessionRowEvent } from "../../../core/session-event";
import type { SessionRow } from "../../../core/sessions";
import type { loader as rootLoader } from "../../root";
import { cn } from "../../lib/cn";
import { Button } from "../ui/button";

/** Where a session's .ics is downloaded (app/routes/session-calendar.ts). */
export function sessionIcsPath(bookingId: string): string {
  return `/sessions/${bookingId}/calendar.ics`;
}

/**
 * "Add to calendar": the session's .ics (the e-mailed invitation's UID and current SEQUENCE,
 * so a calendar updates the event it has) and Google's and Outlook's new-event forms, in a
 * new tab. Shown for a confirmed session only.
 */
export function AddToCalendar({
  bookingId,
  event,
  className,
}: {
  bookingId: string;
  event: SessionEvent;
  className?: string;
}) {
  const headingId = useId();
  const external = { target: "_blank", rel: "noopener noreferrer" } as const;
  return (
    <div
      role="group"
      aria-labelledby={headingId}
      className={cn("grid gap-2", className)}
      data-testid="add-to-calendar"
    >
      <p id={headingId} className="flex items-center gap-2 text-sm font-semibold">
        <CalendarPlus className="size-4 text-brand-700" aria-hidden="true" />
        {M.addToCalendar}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline" size="sm">
          <a href={sessionIcsPath(bookingId)} download>
            <Download aria-hidden="true" /> {M.downloadIcs}
          </a>
        </Button>
        <Button asChild variant="outline" size="sm">
          <a href={googleCalendarUrl(event)} {...external}>
            {M.addToGoogle}
            <span className="sr-only"> {M.opensInNewTab}</span>
          </a>
        </Button>
        <Button asChild variant="outline" size="sm">
          <a href={outlookCalendarUrl(event)} {...external}>
            {M.addToOutlook}
            <span className="sr-only"> {M.opensInNewTab}</span>
          </a>
        </Button>
      </div>
    </div>
  );
}

/** The same group for a sessions-list row, its event built as the server builds the invitation. */
export function AddRowToCalendar({ row, className }: { row: SessionRow; className?: string }) {
  const appUrl = useRouteLoaderData<typeof rootLoader>("root")?.config.appUrl ?? "";
  return (
    <AddToCalendar
      bookingId={row.id}
      event={sessionRowEvent(row, `${appUrl}/dashboard`)}
      className={className}
    />
  );
}

import { AlertCircle, LoaderCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { formatLongDate } from "../../../core/format";
import { DATE_TIME_MESSAGES } from "../../../core/messages/booking";
import type { AdvisorDates, AdvisorSlots, OfferedSlot, SessionDuration } from "../../../core/slots";
import { guessTimeZone, timeZoneOptions } from "../../../core/time-zones";
import { TimeZoneSelect } from "../availability/time-zone-select";
import { Button } from "../ui/button";
import { BookingNotice } from "./booking-notice";
import { SlotCalendar } from "./slot-calendar";
import { SlotPicker } from "./slot-picker";
import { useBrowserTimeZone, useJson } from "./use-json";
import { useViewer } from "../../lib/viewer";

/** What the step hands on: the slot, on which date and in which zones. */
export type SlotChoice = OfferedSlot & {
  date: string;
  duration: SessionDuration;
  viewerTimeZone: string;
  advisorTimeZone: string;
};

/**
 * Select Date & Time: a time-zone bar, a calendar with only bookable
 * dates enabled, the date's times from the server, and a summary. Changing the zone clears
 * the date and time; changing the date (or the session length) clears the time.
 */
export function DateTimeStep({
  advisorId,
  duration,
  initial,
  continueLabel = "Continue to Payment",
  onBack,
  onContinue,
  excludeBookingId,
  onChoice,
}: {
  advisorId: string;
  duration: SessionDuration;
  /** What was chosen before (Back from a later step): zone, date and, if still valid, time. */
  initial?: { zone: string; date: string; slot: OfferedSlot | null } | null;
  continueLabel?: string;
  onBack?: () => void;
  onContinue?: (choice: SlotChoice) => void;
  /** Rescheduling this booking: its own time does not block, its current start is not offered. */
  excludeBookingId?: string;
  /** Told of every change of the chosen slot (null when cleared), for hosts without a footer. */
  onChoice?: (choice: SlotChoice | null) => void;
}) {
  const browserZone = useBrowserTimeZone();
  const storedZone = useViewer()?.timeZone;
  const [pickedZone, setPickedZone] = useState<string | null>(initial?.zone ?? null);
  const [pickedDate, setDate] = useState<string | null>(initial?.date ?? null);
  const [slot, setSlot] = useState<OfferedSlot | null>(initial?.slot ?? null);
  const [shownDuration, setShownDuration] = useState(duration);
  if (shownDuration !== duration) {
    setShownDuration(duration);
    setDate(null);
    setSlot(null);
  }
  // Until hydration the browser's zone is unknown, and so is everything shown in it.
  // The person's own zone (settings) wins over the browser's.
  const zone =
    pickedZone ??
    (browserZone === null ? null : guessTimeZone({ stored: storedZone, browserZone }));
  const api = `/api/advisors/${encodeURIComponent(advisorId)}`;
  const query = (extra: Record<string, string> = {}) =>
    new URLSearchParams({
      ...extra,
      tz: zone ?? "",
      duration: String(duration),
      ...(excludeBookingId ? { exclude: excludeBookingId } : {}),
    }).toString();
  const dates = useJson<AdvisorDates>(zone ? `${api}/dates?${query()}` : null);
  // A date kept from before counts only while it still has times.
  const date =
    pickedDate && dates.status === "ready" && !dates.data.dates.includes(pickedDate)
      ? null
      : pickedDate;
  const slots = useJson<AdvisorSlots>(zone && date ? `${api}/slots?${query({ date })}` : null);
  const liveSlot =
    slot &&
    date &&
    !(slots.status === "ready" && !slots.data.slots.some((s) => s.start === slot.start))
      ? slot
      : null;

  const choice: SlotChoice | null =
    liveSlot && date && zone && dates.status === "ready"
      ? {
          ...liveSlot,
          date,
          duration,
          viewerTimeZone: zone,
          advisorTimeZone: dates.data.advisorTimeZone,
        }
      : null;

  const chosenStart = choice?.start ?? null;
  const reported = useRef(false);
  useEffect(() => {
    // Nothing is chosen yet while the first answers load: that is no news (a host restoring a
    // time would take it for the time being cleared).
    if (!reported.current && choice === null) return;
    reported.current = true;
    onChoice?.(choice);
    // Only a different slot is news; `choice` is a new object on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chosenStart]);

  return (
    <section aria-labelledby="date-time-heading" className="grid min-w-0 gap-4">
      <h3 id="date-time-heading" className="text-lg font-semibold">
        Select Date &amp; Time
      </h3>
      <TimeZoneSelect
        id="booking-time-zone"
        label="Times shown in"
        value={zone ?? ""}
        options={zone ? timeZoneOptions(browserZone) : []}
        disabled={zone === null}
        onChange={(next) => {
          setPickedZone(next);
          setDate(null);
          setSlot(null);
        }}
      />
      {dates.status === "ready" ? (
        dates.data.hasAvailability ? (
          <>
            <SlotCalendar
              key={`${zone} ${duration}`}
              first={dates.data.first}
              last={dates.data.last}
              selectable={new Set(dates.data.dates)}
              selected={date}
              onSelect={(next) => {
                setDate(next);
                setSlot(null);
              }}
            />
            {dates.data.dates.length === 0 ? (
              <BookingNotice>{DATE_TIME_MESSAGES.noOpenDates}</BookingNotice>
            ) : date ? (
              <SlotPicker
                state={slots}
                date={date}
                selected={liveSlot?.start ?? null}
                onSelect={setSlot}
              />
            ) : (
              <p className="text-sm text-muted">Pick a highlighted date to see its times.</p>
            )}
            {choice ? <Summary choice={choice} /> : null}
          </>
        ) : (
          <BookingNotice>{DATE_TIME_MESSAGES.noAvailability}</BookingNotice>
        )
      ) : dates.status === "error" ? (
        <div role="alert" className="grid gap-2 rounded-lg border border-red-200 bg-red-50 p-4">
          <p className="flex items-center gap-2 font-semibold text-danger">
            <AlertCircle className="size-4" aria-hidden="true" />
            {DATE_TIME_MESSAGES.loadFailedTitle}
          </p>
          <p className="text-sm text-red-900">{DATE_TIME_MESSAGES.loadFailed}</p>
          <Button type="button" variant="outline" size="sm" onClick={dates.retry} className="w-fit">
            Try Again
          </Button>
        </div>
      ) : (
        <p role="status" className="flex h-72 items-center justify-center gap-2 text-sm text-muted">
          <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> Loading
          availability...
        </p>
      )}
      {onBack || onContinue ? (
        <div className="flex items-center justify-between gap-3 border-t border-line pt-4">
          {onBack ? (
            <Button type="button" variant="outline" onClick={onBack}>
              Back
            </Button>
          ) : (
            <span />
          )}
          {onContinue ? (
            <Button type="button" disabled={!choice} onClick={() => choice && onContinue(choice)}>
              {continueLabel}
            </Button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

/** "10:00 AM your time · 8:30 PM advisor's time" (the advisor's part only when it differs). */
function Summary({ choice }: { choice: SlotChoice }) {
  const differs = choice.advisorLabel !== choice.label;
  return (
    <div role="status" className="grid gap-0.5 rounded-lg bg-brand-50 p-3 text-sm text-brand-900">
      <p className="font-semibold">Your selected appointment</p>
      <p>
        {formatLongDate(choice.date)} · {choice.duration} minutes
      </p>
      <p data-testid="slot-summary">
        {choice.label} your time
        {differs ? ` · ${choice.advisorLabel} advisor's time` : ""}
      </p>
    </div>
  );
}

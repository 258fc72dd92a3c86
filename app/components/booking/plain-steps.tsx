import type { SessionOption } from "../../../core/booking";
import { bookingTerms } from "../../../core/booking-terms";
import {
  type BookingStep,
  type BookingUrlState,
  type ChosenSlot,
  NOTES_PARAM,
  writeBookingUrl,
} from "../../../core/booking-url-state";
import { bookLabel } from "../../../core/packages";
import { formatLongDate } from "../../../core/format";
import {
  BOOKING_MESSAGES as M,
  DATE_TIME_MESSAGES,
  NO_SLOTS_REASONS,
} from "../../../core/messages/booking";
import type { AdvisorDates, AdvisorSlots } from "../../../core/slots";
import { timeZoneOptions } from "../../../core/time-zones";
import { cn } from "../../lib/cn";
import { TimeZoneSelect } from "../availability/time-zone-select";
import { Button } from "../ui/button";
import { BookingNotice } from "./booking-notice";
import { BookingReview } from "./booking-review";

/*
 * The booking steps as plain HTML (ADR 85): GET forms and links whose fields are the URL's
 * parameters (ADR 72), so a tap before the scripts have run, or without them, lands on the
 * next step's URL, which the server renders. Once hydrated, the same forms' submits are the
 * flow's own and these fields are never read.
 */

/** Where every step's form and link goes: the profile, scrolled to the booking panel. */
export type PlainTarget = { path: string; notes: string };

/** The URL of `state` on the profile, at the booking panel; the notes travel along if any. */
export function stepHref(target: PlainTarget, state: BookingUrlState): string {
  const params = writeBookingUrl(new URLSearchParams(), state);
  if (target.notes) params.set(NOTES_PARAM, target.notes);
  const query = params.toString();
  return `${target.path}${query ? `?${query}` : ""}#booking`;
}

/** The form action for a step: the profile at the booking panel (a GET form keeps the fragment). */
export const stepAction = (target: PlainTarget) => `${target.path}#booking`;

/**
 * Hidden inputs carrying `state`'s choices (except those the form's own controls send), and
 * the notes unless the form has their textarea.
 */
export function StepFields({
  target,
  state,
  except = [],
}: {
  target: PlainTarget;
  state: BookingUrlState;
  except?: readonly string[];
}) {
  const params = writeBookingUrl(new URLSearchParams(), state);
  if (target.notes && !except.includes(NOTES_PARAM)) params.set(NOTES_PARAM, target.notes);
  return (
    <>
      {[...params]
        .filter(([name]) => !except.includes(name))
        .map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
    </>
  );
}

/**
 * A step's Back as a plain form of its own (forms do not nest: render it beside the step's
 * form); the step's Back button names it with `form={id}`.
 */
export function BackForm({
  id,
  target,
  state,
}: {
  id: string;
  target: PlainTarget;
  state: BookingUrlState;
}) {
  return (
    <form id={id} method="get" action={stepAction(target)} hidden>
      <StepFields target={target} state={state} />
    </form>
  );
}

/** The Back button: its plain form before hydration, the flow's `onBack` after. */
export function BackButton({
  form,
  onBack,
  disabled,
}: {
  form: string | undefined;
  /** The hydrated flow's Back (the plain steps, shown only before hydration, have none). */
  onBack?: () => void;
  disabled?: boolean;
}) {
  return (
    <Button
      type={form ? "submit" : "button"}
      form={form}
      variant="outline"
      disabled={disabled}
      onClick={
        onBack
          ? (event) => {
              event.preventDefault();
              onBack();
            }
          : undefined
      }
    >
      Back
    </Button>
  );
}

/**
 * Select Date & Time before hydration: the zone as a form of its own, the open dates as links,
 * and the chosen date's times as radio buttons of a form whose Continue opens the summary.
 * All of it comes from the server's render (the same answers as the slot APIs).
 */
export function PlainDateTimeStep({
  target,
  state,
  zone,
  dates,
  slots,
  continueLabel,
  back,
  steps = { dates: 3, summary: 4 },
}: {
  target: PlainTarget;
  state: BookingUrlState;
  zone: string;
  dates: AdvisorDates | null;
  slots: AdvisorSlots | null;
  continueLabel: string;
  /** Where Back goes; none when this is the flow's first step (the discovery call). */
  back: BookingUrlState | null;
  /** The flow's numbers for this step and the next (the profile's by default). */
  steps?: { dates: BookingStep; summary: BookingStep };
}) {
  const date = state.date;
  const backButton = back ? <BackButton form="booking-back" /> : <span />;
  const at = (next: Partial<BookingUrlState>) => stepHref(target, { ...state, ...next });
  return (
    <section aria-labelledby="date-time-heading" className="grid min-w-0 gap-4">
      {back ? <BackForm id="booking-back" target={target} state={back} /> : null}
      <h3 id="date-time-heading" className="text-lg font-semibold">
        Select Date &amp; Time
      </h3>
      <form method="get" action={stepAction(target)} className="flex flex-wrap items-end gap-2">
        <StepFields
          target={target}
          state={{ ...state, step: steps.dates, date: null, time: null }}
          except={["tz"]}
        />
        <TimeZoneSelect
          id="booking-time-zone"
          name="tz"
          label="Times shown in"
          value={zone}
          options={timeZoneOptions(zone)}
          onChange={() => {}}
          className="min-w-0 flex-1"
        />
        <Button type="submit" variant="outline">
          Show times
        </Button>
      </form>
      {dates === null ? null : !dates.hasAvailability ? (
        <BookingNotice>{DATE_TIME_MESSAGES.noAvailability}</BookingNotice>
      ) : dates.dates.length === 0 ? (
        <BookingNotice>{DATE_TIME_MESSAGES.noOpenDates}</BookingNotice>
      ) : (
        <>
          <nav aria-labelledby="booking-dates-heading" className="grid gap-2">
            <p id="booking-dates-heading" className="text-sm font-medium">
              Dates with open times
            </p>
            <ul className="flex flex-wrap gap-2">
              {dates.dates.map((day) => (
                <li key={day}>
                  <a
                    href={at({ step: steps.dates, date: day, time: null })}
                    aria-current={day === date ? "date" : undefined}
                    className={cn(
                      "block rounded-lg border px-3 py-1.5 text-sm font-medium",
                      day === date
                        ? "border-brand-700 bg-brand-700 text-white"
                        : "border-line bg-surface hover:border-brand-300 hover:bg-brand-50",
                    )}
                  >
                    {formatLongDate(day)}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          {!date ? (
            <p className="text-sm text-muted">Pick a date to see its times.</p>
          ) : slots && slots.slots.length > 0 ? (
            <form method="get" action={stepAction(target)} className="grid gap-4">
              <StepFields
                target={target}
                state={{ ...state, step: steps.summary, time: null }}
                except={["time"]}
              />
              <fieldset className="grid gap-2">
                <legend className="mb-2 text-sm font-medium">
                  Available times on {formatLongDate(date)}
                </legend>
                <div className="grid grid-cols-2 gap-2">
                  {slots.slots.map((slot) => (
                    <label
                      key={slot.start}
                      className="flex h-10 cursor-pointer items-center justify-center gap-2 rounded-lg border border-line text-sm font-semibold tabular-nums has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
                    >
                      <input
                        type="radio"
                        name="time"
                        value={slot.start}
                        defaultChecked={slot.start === state.time}
                        required
                        className="size-4 accent-brand-700"
                      />
                      {slot.label}
                    </label>
                  ))}
                </div>
              </fieldset>
              <div className="flex items-center justify-between gap-3 border-t border-line pt-4">
                {backButton}
                <Button type="submit">{continueLabel}</Button>
              </div>
            </form>
          ) : (
            <div
              role="status"
              className="grid gap-1 rounded-lg border border-dashed border-line p-4"
            >
              <p className="font-medium">No available slots for this date</p>
              {slots?.reason ? (
                <p className="text-sm text-muted">{NO_SLOTS_REASONS[slots.reason]}</p>
              ) : null}
            </div>
          )}
        </>
      )}
      {(date && slots && slots.slots.length > 0) || !back ? null : (
        <div className="flex items-center justify-between gap-3 border-t border-line pt-4">
          {backButton}
        </div>
      )}
    </section>
  );
}

/**
 * The summary before hydration: what was chosen, the price and the refund rule, and a Pay
 * button that waits for the page's scripts (paying opens the payment gateway's checkout).
 */
export function PlainSummary({
  target,
  advisorName,
  topics,
  option,
  choice,
  now,
  back,
}: {
  target: PlainTarget;
  advisorName: string;
  topics: string[];
  option: SessionOption;
  choice: ChosenSlot;
  now: Date;
  back: BookingUrlState;
}) {
  const { price } = option;
  const start = new Date(choice.start);
  const terms = bookingTerms({
    start,
    now,
    totalPaise: price.totalPaise,
    zone: choice.viewerTimeZone,
  });
  return (
    <div className="grid gap-5">
      <BackForm id="booking-back" target={target} state={back} />
      <BookingReview
        advisorName={advisorName}
        topics={topics}
        notes={target.notes}
        option={option}
        choice={choice}
        terms={terms}
      />
      <p id="booking-pay-hint" className="text-sm text-muted">
        {M.payNeedsScripts}
      </p>
      <div className="flex flex-wrap justify-between gap-3 border-t border-line pt-4">
        <BackButton form="booking-back" />
        <Button type="button" size="lg" disabled aria-describedby="booking-pay-hint">
          {bookLabel(option)}
        </Button>
      </div>
    </div>
  );
}

import type { SessionOption } from "../../core/booking";
import {
  type BookingUrlState,
  dropTime,
  readBookingUrl,
  readNotesParam,
  type ServerBookingStep,
  settleBooking,
} from "../../core/booking-url-state";
import { dateInZone, DEFAULT_TIME_ZONE } from "../../core/time-zones";
import type { Db } from "../db/client.server";
import { datesFor, slotsFor } from "../scheduling/slots.server";

/**
 * The booking step a profile's URL names, for the server's render (ADR 85): the same reading
 * and checks as the hydrated flow (ADR 72), and from the date-time step on, the open dates and
 * the chosen date's times from the slot engine, as the slot APIs answer them. A time the engine
 * no longer offers is dropped, as the flow drops it. Bare profile URLs cost nothing here.
 */
export async function bookingStepFor(
  db: Db,
  advisorId: string,
  params: URLSearchParams,
  offer: {
    topicCount: number;
    options: readonly SessionOption[];
    now: Date;
    /** The viewer's own zone (settings): before the URL names one, times are shown in it. */
    viewerZone?: string | null;
  },
): Promise<ServerBookingStep> {
  const asked = readBookingUrl(params);
  const settled = settleBooking(asked, {
    topicCount: offer.topicCount,
    optionKeys: offer.options.map((o) => o.key),
  });
  const base: ServerBookingStep = {
    ...settled,
    at: offer.now.toISOString(),
    notes: readNotesParam(params),
    topicsMissing: asked.state.step > 1 && settled.state.topics.length === 0,
    zone: null,
    dates: null,
    slots: null,
    choice: null,
  };
  let state: BookingUrlState = settled.state;
  const option = offer.options.find((o) => o.key === state.option);
  if (state.step < 3 || !option) return base;

  const zone = state.zone ?? offer.viewerZone ?? DEFAULT_TIME_ZONE;
  const query = { viewerTimeZone: zone, duration: option.duration, now: offer.now };
  const dates = await datesFor(db, advisorId, query);
  if (!dates) return base;
  // The time's own date wins; a date without open times shows none.
  const wanted = state.time ? dateInZone(state.time, zone) : state.date;
  const date = wanted && dates.dates.includes(wanted) ? wanted : null;
  const slots = date ? await slotsFor(db, advisorId, { ...query, date }) : null;
  const slot = state.time
    ? slots?.slots.find((s) => Date.parse(s.start) === Date.parse(state.time!))
    : undefined;
  const dropped = [...settled.dropped];
  if (state.time && !slot) {
    dropped.push("time");
    state = dropTime(state);
  }
  return {
    ...base,
    state: { ...state, zone, date },
    dropped: [...new Set(dropped)],
    zone,
    dates,
    slots,
    choice: slot
      ? {
          ...slot,
          date: date!,
          duration: option.duration,
          viewerTimeZone: zone,
          advisorTimeZone: dates.advisorTimeZone,
        }
      : null,
  };
}

import { DISCOVERY_MINUTES } from "../../core/booking";
import type { ChosenSlot } from "../../core/booking-url-state";
import { type ParsedDiscoveryUrl, readDiscoveryUrl } from "../../core/discovery-url-state";
import type { AdvisorDates, AdvisorSlots, SessionDuration } from "../../core/slots";
import { dateInZone, DEFAULT_TIME_ZONE } from "../../core/time-zones";
import type { Db } from "../db/client.server";
import { datesFor, slotsFor } from "../scheduling/slots.server";

/**
 * The discovery call's step as its URL names it, for the server's render (ADR 85): the team's
 * open dates in the zone (the URL's, else the platform's) and the chosen date's times, from the
 * slot engine as the slot APIs answer them; a time no longer offered is dropped (back to the
 * first step) and said.
 */
export type DiscoveryServerStep = ParsedDiscoveryUrl & {
  /** When the server rendered it (ISO): the refund rule's "now", the same on hydration. */
  at: string;
  /** The zone the times are shown in. */
  zone: string;
  dates: AdvisorDates | null;
  slots: AdvisorSlots | null;
  choice: ChosenSlot | null;
};

export async function discoveryStepFor(
  db: Db,
  teamAdvisorId: string,
  params: URLSearchParams,
  now: Date,
  /** The viewer's own zone (settings): before the URL names one, times are shown in it. */
  viewerZone: string | null = null,
): Promise<DiscoveryServerStep> {
  const asked = readDiscoveryUrl(params);
  const zone = asked.state.zone ?? viewerZone ?? DEFAULT_TIME_ZONE;
  const duration: SessionDuration = DISCOVERY_MINUTES;
  const query = { viewerTimeZone: zone, duration, now };
  const dates = await datesFor(db, teamAdvisorId, query);
  const base = { ...asked, at: now.toISOString(), zone, dates, slots: null, choice: null };
  if (!dates) return { ...base, state: { ...asked.state, step: 1, time: null } };
  const { time } = asked.state;
  // The time's own date wins; a date without open times shows none.
  const wanted = time ? dateInZone(time, zone) : asked.state.date;
  const date = wanted && dates.dates.includes(wanted) ? wanted : null;
  const slots = date ? await slotsFor(db, teamAdvisorId, { ...query, date }) : null;
  const slot = time ? slots?.slots.find((s) => Date.parse(s.start) === Date.parse(time)) : null;
  const dropped = time && !slot ? [...new Set([...asked.dropped, "time" as const])] : asked.dropped;
  return {
    ...base,
    state: {
      step: slot ? asked.state.step : 1,
      zone: asked.state.zone,
      date,
      time: slot ? time : null,
    },
    dropped,
    slots,
    choice: slot
      ? {
          ...slot,
          date: date!,
          duration,
          viewerTimeZone: zone,
          advisorTimeZone: dates.advisorTimeZone,
        }
      : null,
  };
}

import {
  type BookingUrlState,
  type DroppedChoice,
  EMPTY_BOOKING,
  readBookingUrl,
} from "./booking-url-state";

/*
 * The free discovery call's steps as its URL holds them before the page's scripts run
 * (ADR 85): the zone, the date shown and the chosen start, read and checked as the profile's
 * booking parameters are (core/booking-url-state.ts). There are no topics or session options,
 * and the question asked never goes into the URL: it travels in the last step's POST.
 */

/** The parameters the discovery call's page reads. */
export const DISCOVERY_PARAMS = ["step", "tz", "date", "time"] as const;

/** 1: pick a time; 2: the question and the booking (the plain path's last step). */
export type DiscoveryStep = 1 | 2;

export type DiscoveryUrlState = {
  step: DiscoveryStep;
  zone: string | null;
  /** "YYYY-MM-DD" in `zone`: the day whose times are shown. */
  date: string | null;
  /** The chosen start, an ISO instant in UTC as the slots API writes it. */
  time: string | null;
};

export type ParsedDiscoveryUrl = {
  state: DiscoveryUrlState;
  /** What could not be kept: a zone or time of the wrong shape. */
  dropped: Extract<DroppedChoice, "zone" | "time">[];
};

/**
 * Reads the discovery call's parameters (nothing here trusts them): any step past the first
 * is the question step, which needs a time; without one the step is the first.
 */
export function readDiscoveryUrl(params: URLSearchParams): ParsedDiscoveryUrl {
  const { state, dropped } = readBookingUrl(params);
  const step: DiscoveryStep = state.step >= 2 && state.time !== null ? 2 : 1;
  return {
    state: { step, zone: state.zone, date: state.date, time: state.time },
    dropped: dropped.filter((d): d is "zone" | "time" => d === "zone" || d === "time"),
  };
}

/**
 * The same choices as the profile's booking state, for the plain steps' forms and links
 * (app/components/booking/plain-steps.tsx), which write them with `writeBookingUrl`.
 */
export function asBookingState(state: DiscoveryUrlState): BookingUrlState {
  return { ...EMPTY_BOOKING, ...state };
}

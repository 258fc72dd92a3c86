import { ADDITIONAL_INFO_MAX, TOPICS_MAX } from "./booking-limits";
import type { AdvisorDates, AdvisorSlots, OfferedSlot, SessionDuration } from "./slots";
import { isValidTimeZone } from "./time-zones";

/**
 * The booking steps' choices as they live in the profile's URL (ADR 72): the step, the topics
 * as indexes into the profile's topic list, the session option's key, the time zone, the date
 * and the chosen start. The additional information never goes into the URL (it stays in the
 * tab's session storage). Nothing here trusts its input: the URL may be typed, shared or old.
 *
 * These parameters are the browser's own state: the profile's loader never reads them, and its
 * cache key ignores them (ADR 69), so every value of them gets the same server-rendered page.
 */
export const BOOKING_PARAMS = ["step", "topics", "option", "tz", "date", "time"] as const;

/**
 * The additional information as the plain forms send it before the page's scripts run
 * (ADR 85): the topics step's textarea is named for it. The hydrated flow takes it into the
 * tab's session storage and out of the URL at once; `writeBookingUrl` never writes it.
 */
export const NOTES_PARAM = "additionalInfo";

/** The notes a plain form sent (the first, no longer than a booking accepts), or "". */
export function readNotesParam(params: URLSearchParams): string {
  return (params.get(NOTES_PARAM) ?? "").slice(0, ADDITIONAL_INFO_MAX);
}

export type BookingStep = 1 | 2 | 3 | 4;

export type BookingUrlState = {
  step: BookingStep;
  /** Indexes into the profile's topic list, in the order chosen, without repeats. */
  topics: number[];
  option: string | null;
  zone: string | null;
  /** "YYYY-MM-DD" in `zone`: the day shown in the calendar. */
  date: string | null;
  /** The chosen start, an ISO instant in UTC as the slots API writes it. */
  time: string | null;
};

/**
 * What a URL held that could not be kept; each has its message in core/messages/booking.ts.
 * "optionReplaced": the option was not this person's, and the only one they have took its place.
 */
export type DroppedChoice = "topics" | "option" | "optionReplaced" | "zone" | "time";

export const EMPTY_BOOKING: BookingUrlState = {
  step: 1,
  topics: [],
  option: null,
  zone: null,
  date: null,
  time: null,
};

// Longer values are not ours: read no further than this.
const MAX_VALUE = 64;
const MAX_TOPICS_VALUE = TOPICS_MAX * 4;
const TOPIC_INDEX = /^\d{1,3}$/;
const OPTION_KEY = /^[A-Za-z ]{1,40}-\d{2}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
// UTC as the slots API writes it; a calendar date that does not exist (30 February) is no time.
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{3})?Z$/;
const isInstant = (value: string) =>
  INSTANT.test(value) &&
  !Number.isNaN(Date.parse(value)) &&
  new Date(value).toISOString().slice(0, 19) === value.slice(0, 19);

export type ParsedBookingUrl = { state: BookingUrlState; dropped: DroppedChoice[] };

/**
 * Reads the booking parameters of `params` (only the first of a repeated parameter, as the
 * browser's `get` does, except `topics`: the topics step's checkboxes, submitted as a plain
 * form, send one `topics` per ticked topic, ADR 85). A value of the wrong shape is dropped and
 * reported, except the step, which falls back to 1, and the date, which only positions the
 * calendar.
 */
export function readBookingUrl(params: URLSearchParams): ParsedBookingUrl {
  const dropped: DroppedChoice[] = [];
  const get = (name: (typeof BOOKING_PARAMS)[number]) => {
    const value = params.get(name);
    return value === null || value === "" || value.length > MAX_VALUE ? null : value;
  };
  const rawStep = params.get("step");
  const step = rawStep !== null && /^[1-4]$/.test(rawStep) ? (Number(rawStep) as BookingStep) : 1;

  const allTopics = params.getAll("topics").filter(Boolean);
  const joinedTopics = allTopics.join(".");
  const rawTopics =
    joinedTopics === "" || joinedTopics.length > MAX_TOPICS_VALUE ? null : joinedTopics;
  let topics: number[] = [];
  if (rawTopics === null && joinedTopics !== "") dropped.push("topics");
  if (rawTopics) {
    const parts = rawTopics.split(".");
    const indexes = parts.filter((p) => TOPIC_INDEX.test(p)).map(Number);
    topics = [...new Set(indexes)].slice(0, TOPICS_MAX);
    if (indexes.length !== parts.length) dropped.push("topics");
  }

  const pick = (name: "option" | "tz" | "time", valid: (value: string) => boolean) => {
    const value = get(name);
    if (value !== null && valid(value)) return value;
    if (params.get(name)) dropped.push(name === "tz" ? "zone" : name);
    return null;
  };
  const option = pick("option", (v) => OPTION_KEY.test(v));
  const zone = pick("tz", isValidTimeZone);
  const instant = pick("time", isInstant);
  const date = get("date");
  return {
    state: {
      step,
      topics,
      option,
      zone,
      date: date !== null && DATE.test(date) ? date : null,
      time: instant === null ? null : new Date(instant).toISOString(),
    },
    dropped,
  };
}

/**
 * `params` with the booking parameters replaced by `state`'s (the others kept as they were,
 * except a plain form's notes, which never stay in the URL): empty choices and step 1 are left
 * out, so an untouched profile keeps its bare URL.
 */
export function writeBookingUrl(params: URLSearchParams, state: BookingUrlState): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of [...BOOKING_PARAMS, NOTES_PARAM]) next.delete(name);
  const set = (name: (typeof BOOKING_PARAMS)[number], value: string | null) => {
    if (value) next.set(name, value);
  };
  set("step", state.step === 1 ? null : String(state.step));
  set("topics", state.topics.join("."));
  set("option", state.option);
  set("tz", state.zone);
  set("date", state.date);
  set("time", state.time);
  return next;
}

/** The first step whose input is missing, or 4 when every choice is there. */
export function firstMissingStep(state: BookingUrlState): BookingStep {
  if (state.topics.length === 0) return 1;
  if (state.option === null) return 2;
  if (state.time === null) return 3;
  return 4;
}

/**
 * The URL's choices checked against what this profile offers this person: a topic index past
 * the list, or an option they cannot book (a "First Call" link opened by someone who has had
 * one), is dropped and reported; the step is no later than the first step whose input is
 * missing. (Whether the time is still offered is the slots API's to say: `dropTime` below.)
 *
 * A session step with one option is no step: once the topics are chosen its only option is
 * taken and the flow goes on to the date and time (the summary still names the type). Step 2
 * is then never in the URL, so the date-time step's Back returns to the topics.
 */
export function settleBooking(
  parsed: ParsedBookingUrl,
  offer: { topicCount: number; optionKeys: readonly string[] },
): ParsedBookingUrl {
  const dropped = new Set(parsed.dropped);
  const { state } = parsed;
  const topics = state.topics.filter((i) => i < offer.topicCount);
  if (topics.length !== state.topics.length) dropped.add("topics");
  const only = skipsSessionStep(offer.optionKeys) ? offer.optionKeys[0]! : null;
  let option = state.option;
  if (option !== null && !offer.optionKeys.includes(option)) {
    option = null;
    dropped.add(only ? "optionReplaced" : "option");
  }
  // Only past the topics: an untouched profile keeps its bare URL.
  if (only && state.step >= 2 && topics.length > 0) option = only;
  const settled = { ...state, topics, option };
  let step = Math.min(state.step, firstMissingStep(settled)) as BookingStep;
  if (only && step === 2) step = 3;
  return { state: { ...settled, step }, dropped: [...dropped] };
}

/** Whether the session step is skipped for these options: it would offer one choice only. */
export function skipsSessionStep(optionKeys: readonly string[]): boolean {
  return optionKeys.length === 1;
}

/** The state without its time (no longer offered): back at the date-time step at the latest. */
export function dropTime(state: BookingUrlState): BookingUrlState {
  const step = Math.min(state.step, 3) as BookingStep;
  return { ...state, time: null, step };
}

/**
 * The booking step as the server renders it from the URL (ADR 85), so the plain forms work
 * before the scripts run: the settled choices, what was dropped, the notes a plain form sent,
 * and at the date-time step and after the zone, the open dates and the chosen date's times
 * (the same answers as the slot APIs) and the chosen time as still offered.
 */
export type ServerBookingStep = ParsedBookingUrl & {
  /** When the server rendered it (ISO): the summary's refund rule, the same on hydration. */
  at: string;
  notes: string;
  /** A step asked for whose input was missing: the topics step says so at its field. */
  topicsMissing: boolean;
  /** The zone the times are shown in: the URL's, else the platform's default. */
  zone: string | null;
  dates: AdvisorDates | null;
  slots: AdvisorSlots | null;
  choice: ChosenSlot | null;
};

/** A time chosen at the date-time step: the slot, on which date, in which zones. */
export type ChosenSlot = OfferedSlot & {
  date: string;
  duration: SessionDuration;
  viewerTimeZone: string;
  advisorTimeZone: string;
};

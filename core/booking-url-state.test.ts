import { describe, expect, it } from "vitest";
import {
  type BookingUrlState,
  dropTime,
  EMPTY_BOOKING,
  firstMissingStep,
  readBookingUrl,
  readNotesParam,
  settleBooking,
  skipsSessionStep,
  writeBookingUrl,
} from "./booking-url-state";

const read = (query: string) => readBookingUrl(new URLSearchParams(query));
const TIME = "2026-03-03T04:30:00.000Z";
const full: BookingUrlState = {
  step: 4,
  topics: [2, 0],
  option: "First Call-30",
  zone: "Asia/Kolkata",
  date: "2026-03-03",
  time: TIME,
};

describe("the booking URL codec", () => {
  it("reads back what it writes, and leaves other parameters alone", () => {
    const written = writeBookingUrl(new URLSearchParams("utm_source=mail&step=2"), full);
    expect(written.get("utm_source")).toBe("mail");
    expect(written.toString()).toContain("topics=2.0");
    expect(readBookingUrl(written)).toEqual({ state: full, dropped: [] });
  });

  it("writes nothing for an untouched flow, so the profile keeps its bare URL", () => {
    expect(writeBookingUrl(new URLSearchParams(), EMPTY_BOOKING).toString()).toBe("");
    expect(read("")).toEqual({ state: EMPTY_BOOKING, dropped: [] });
  });

  it("falls back to step 1 for a step that is not one of the four", () => {
    for (const step of ["0", "5", "-1", "2.5", "two", " 2", "2 ", "02", "1e0", "", "%00"]) {
      expect(read(`step=${step}`).state.step, step).toBe(1);
    }
  });

  it("takes the first of a repeated parameter, as the browser's get does", () => {
    const { state } = read("step=3&step=4&topics=1&option=First Call-30&option=x");
    expect(state).toMatchObject({ step: 3, topics: [1], option: "First Call-30" });
  });

  // The topics step as a plain form (before the scripts run, ADR 85): one `topics` per box.
  it("reads every ticked topic of a plain form's submission, bounded as one value is", () => {
    expect(read("topics=1&topics=2&topics=1").state.topics).toEqual([1, 2]);
    expect(read("topics=1&topics=&topics=4.0").state.topics).toEqual([1, 4, 0]);
    const many = Array.from({ length: 200 }, (_, i) => `topics=${i}`).join("&");
    expect(read(many)).toMatchObject({ state: { topics: [] }, dropped: ["topics"] });
  });

  it("never writes a plain form's notes back into the URL", () => {
    const params = new URLSearchParams("topics=0&topics=2&additionalInfo=private&step=2");
    expect(readNotesParam(params)).toBe("private");
    expect(writeBookingUrl(params, read(params.toString()).state).toString()).toBe(
      "step=2&topics=0.2",
    );
    expect(readNotesParam(new URLSearchParams(`additionalInfo=${"x".repeat(2000)}`))).toHaveLength(
      1000,
    );
  });

  it("drops garbage with a report of what was dropped", () => {
    expect(read("topics=1.x.3")).toEqual({
      state: { ...EMPTY_BOOKING, topics: [1, 3] },
      dropped: ["topics"],
    });
    expect(read("topics=-1").dropped).toEqual(["topics"]);
    expect(read("topics=1234").state.topics).toEqual([]);
    expect(read("option=<script>").dropped).toEqual(["option"]);
    expect(read("tz=Mars/Olympus").dropped).toEqual(["zone"]);
    expect(read("tz=../../etc").dropped).toEqual(["zone"]);
    expect(read("time=tomorrow").dropped).toEqual(["time"]);
    expect(read("time=2026-02-30T10:00:00Z").state.time).toBe(null);
    expect(read("date=03/03/2026").state.date).toBe(null);
  });

  it("reads no further than a bounded length: a huge value is dropped whole", () => {
    const huge = "1.".repeat(100_000) + "1";
    expect(read(`topics=${huge}`)).toEqual({ state: EMPTY_BOOKING, dropped: ["topics"] });
    expect(read(`option=${"a".repeat(100_000)}-30`).dropped).toEqual(["option"]);
    expect(read(`tz=Asia/${"K".repeat(10_000)}`).dropped).toEqual(["zone"]);
    expect(read(`time=${TIME}${"0".repeat(10_000)}`).dropped).toEqual(["time"]);
  });

  it("keeps each topic once and at most 30 of them", () => {
    expect(read("topics=3.1.3.1").state.topics).toEqual([3, 1]);
    const many = Array.from({ length: 40 }, (_, i) => i).join(".");
    expect(read(`topics=${many}`).state.topics).toHaveLength(30);
  });

  it("takes a start only in UTC as the slots API writes it", () => {
    expect(read("time=2026-03-03T04:30:00Z").state.time).toBe(TIME);
    expect(read("time=2026-03-03T10:00:00%2B05:30").dropped).toEqual(["time"]);
  });
});

describe("settling a link's choices against the profile", () => {
  const offer = { topicCount: 3, optionKeys: ["Follow up call-15", "Follow up call-30"] };

  it("keeps what the profile offers and the step asked for", () => {
    const state = { ...full, option: "Follow up call-30" };
    expect(settleBooking({ state, dropped: [] }, offer)).toEqual({ state, dropped: [] });
  });

  it("drops a topic past the list and an option not offered, back at the step that needs it", () => {
    const settled = settleBooking(
      { state: { ...full, topics: [1, 7], option: "First Call-30" }, dropped: [] },
      offer,
    );
    expect(settled.state).toMatchObject({ topics: [1], option: null, step: 2 });
    expect(settled.dropped).toEqual(["topics", "option"]);
  });

  it("falls back to the first step whose input is missing", () => {
    const settle = (state: typeof full) =>
      settleBooking({ state: { ...state, option: "Follow up call-15" }, dropped: [] }, offer).state
        .step;
    expect(settle({ ...full, topics: [] })).toBe(1);
    expect(settle({ ...full, topics: [9] })).toBe(1);
    expect(settle({ ...full, time: null })).toBe(3);
    expect(settle({ ...full, step: 2 })).toBe(2);
  });

  describe("with one session option (a first session's First Call)", () => {
    const first = { topicCount: 3, optionKeys: ["First Call-30"] };
    const settle = (state: typeof full) => settleBooking({ state, dropped: [] }, first);

    it("skips the session step: its only option is taken and the date and time come next", () => {
      expect(settle({ ...full, step: 2, option: null, time: null }).state).toMatchObject({
        step: 3,
        option: "First Call-30",
      });
      expect(settle({ ...full, step: 2, option: "First Call-30", time: null }).state.step).toBe(3);
    });

    it("keeps an untouched profile's URL bare and the topics first", () => {
      expect(settle(EMPTY_BOOKING)).toEqual({ state: EMPTY_BOOKING, dropped: [] });
      expect(settle({ ...full, topics: [], step: 3, option: null }).state).toMatchObject({
        step: 1,
        option: null,
      });
    });

    it("puts the only option in place of one the person cannot book, and says so", () => {
      const settled = settle({ ...full, option: "Follow up call-15" });
      expect(settled.state).toMatchObject({ option: "First Call-30", step: 4 });
      expect(settled.dropped).toEqual(["optionReplaced"]);
    });

    it("never sends a step back to the session step (no Back loop)", () => {
      for (const step of [1, 2, 3, 4] as const) {
        expect(settle({ ...full, step }).state.step).not.toBe(2);
      }
    });
  });

  it("skips the session step only when it would offer a single option", () => {
    expect(skipsSessionStep(["First Call-30"])).toBe(true);
    expect(skipsSessionStep(["Follow up call-15", "Follow up call-30"])).toBe(false);
  });

  it("returns to the date-time step when the time is no longer offered", () => {
    expect(dropTime(full)).toMatchObject({ step: 3, time: null, date: full.date });
    expect(dropTime({ ...full, step: 2 }).step).toBe(2);
    expect(firstMissingStep(dropTime(full))).toBe(3);
  });
});

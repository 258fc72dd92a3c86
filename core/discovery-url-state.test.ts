import { describe, expect, it } from "vitest";
import { writeBookingUrl } from "./booking-url-state";
import { asBookingState, readDiscoveryUrl } from "./discovery-url-state";

const read = (query: string) => readDiscoveryUrl(new URLSearchParams(query));
const TIME = "2026-12-01T04:30:00.000Z";

describe("the discovery call's URL", () => {
  it("is the first step with nothing chosen when bare", () => {
    expect(read("")).toEqual({
      state: { step: 1, zone: null, date: null, time: null },
      dropped: [],
    });
  });

  it("keeps a zone, a date and a time of the right shape", () => {
    expect(read(`step=2&tz=Europe%2FLondon&date=2026-12-01&time=${TIME}`).state).toEqual({
      step: 2,
      zone: "Europe/London",
      date: "2026-12-01",
      time: TIME,
    });
  });

  it("is the question step only with a time", () => {
    expect(read("step=2&date=2026-12-01").state.step).toBe(1);
    // A later step of the profile's numbering is the last one here.
    expect(read(`step=4&time=${TIME}`).state.step).toBe(2);
    expect(read(`step=x&time=${TIME}`).state.step).toBe(1);
  });

  it("drops and reports a zone or a time that is not one, back at the first step", () => {
    expect(read("step=2&tz=Mars%2FOlympus&time=2026-02-30T10:00:00Z")).toEqual({
      state: { step: 1, zone: null, date: null, time: null },
      dropped: ["zone", "time"],
    });
    expect(read("date=tomorrow").state.date).toBeNull();
  });

  it("ignores the profile's topics and options", () => {
    expect(read("topics=x.y&option=nope").dropped).toEqual([]);
  });

  it("writes back as the profile's booking parameters, without topics or option", () => {
    const state = read(`step=2&tz=Asia%2FKolkata&date=2026-12-01&time=${TIME}`).state;
    expect(writeBookingUrl(new URLSearchParams(), asBookingState(state)).toString()).toBe(
      `step=2&tz=Asia%2FKolkata&date=2026-12-01&time=${encodeURIComponent(TIME)}`,
    );
    expect(writeBookingUrl(new URLSearchParams(), asBookingState(read("").state)).toString()).toBe(
      "",
    );
  });
});

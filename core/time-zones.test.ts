import { describe, expect, it } from "vitest";
import { validateAvailability } from "./availability";
import {
  canonicalTimeZone,
  dateInZone,
  DEFAULT_TIME_ZONE,
  INVALID_TIME_ZONE_MESSAGE,
  SELECTABLE_TIME_ZONES,
  guessTimeZone,
  isValidTimeZone,
  safeTimeZone,
  timeZoneForCountry,
  timeZoneOptions,
} from "./time-zones";

describe("isValidTimeZone", () => {
  it.each(["Asia/Kathmandu", "Asia/Kolkata", "UTC", "America/Argentina/Buenos_Aires", "Etc/GMT+5"])(
    "accepts IANA zone %s",
    (zone) => expect(isValidTimeZone(zone)).toBe(true),
  );

  it.each(["Mars/Olympus", "", "IST", "EST", "+05:30", "UTC+5", "GMT+05:30", "asia/kolkata"])(
    "rejects %j",
    (zone) => expect(isValidTimeZone(zone)).toBe(false),
  );

  it("gives the same answer when asked again (cached)", () => {
    expect(isValidTimeZone("Mars/Olympus")).toBe(false);
    expect(isValidTimeZone("Mars/Olympus")).toBe(false);
    expect(isValidTimeZone("Asia/Tokyo")).toBe(true);
    expect(isValidTimeZone("Asia/Tokyo")).toBe(true);
  });
});

describe("safeTimeZone", () => {
  it("keeps valid zones and falls back to UTC otherwise", () => {
    expect(safeTimeZone("Asia/Kathmandu")).toBe("Asia/Kathmandu");
    expect(safeTimeZone("IST")).toBe("UTC");
    expect(safeTimeZone("+05:30")).toBe("UTC");
    expect(safeTimeZone("")).toBe("UTC");
  });
});

describe("constants", () => {
  it("lists exactly the 12 selectable zones in order", () => {
    expect([...SELECTABLE_TIME_ZONES]).toEqual([
      "Asia/Kolkata",
      "America/New_York",
      "America/Los_Angeles",
      "Europe/London",
      "Europe/Berlin",
      "Asia/Tokyo",
      "Asia/Shanghai",
      "Asia/Singapore",
      "Asia/Dubai",
      "Australia/Sydney",
      "America/Toronto",
      "America/Sao_Paulo",
    ]);
    expect(SELECTABLE_TIME_ZONES.every(isValidTimeZone)).toBe(true);
  });

  it("has the default zone and the exact invalid-zone message", () => {
    expect(DEFAULT_TIME_ZONE).toBe("Asia/Kolkata");
    expect(INVALID_TIME_ZONE_MESSAGE).toBe(
      "Invalid timezone \u2014 please re-select your timezone in your profile settings.",
    );
  });
});

describe("timeZoneOptions", () => {
  it("appends a valid, non-listed viewer zone once", () => {
    const options = timeZoneOptions("Asia/Kathmandu");
    expect(options).toHaveLength(13);
    expect(options.slice(0, 12)).toEqual([...SELECTABLE_TIME_ZONES]);
    expect(options.filter((z) => z === "Asia/Kathmandu")).toEqual(["Asia/Kathmandu"]);
    expect(options[12]).toBe("Asia/Kathmandu");
  });

  it("does not duplicate a listed zone or add invalid/missing ones", () => {
    expect(timeZoneOptions("Asia/Tokyo")).toEqual([...SELECTABLE_TIME_ZONES]);
    expect(timeZoneOptions("Mars/Olympus")).toEqual([...SELECTABLE_TIME_ZONES]);
    expect(timeZoneOptions("+05:30")).toEqual([...SELECTABLE_TIME_ZONES]);
    expect(timeZoneOptions(null)).toEqual([...SELECTABLE_TIME_ZONES]);
    expect(timeZoneOptions(undefined)).toEqual([...SELECTABLE_TIME_ZONES]);
  });

  it("returns a fresh array each call", () => {
    timeZoneOptions("Asia/Kathmandu").push("Europe/Paris");
    expect(timeZoneOptions("Asia/Kathmandu")).toHaveLength(13);
    expect(SELECTABLE_TIME_ZONES).toHaveLength(12);
  });
});

describe("guessing a new user's zone", () => {
  it("maps countries by name, case and spacing aside, and knows short forms", () => {
    expect(timeZoneForCountry("India")).toBe("Asia/Kolkata");
    expect(timeZoneForCountry("  united kingdom ")).toBe("Europe/London");
    expect(timeZoneForCountry("UAE")).toBe("Asia/Dubai");
    expect(timeZoneForCountry("Atlantis")).toBeNull();
    expect(timeZoneForCountry(null)).toBeNull();
  });

  it("every mapped zone is a valid IANA zone", () => {
    for (const country of ["nepal", "brazil", "argentina", "new zealand", "vietnam", "usa"]) {
      expect(isValidTimeZone(timeZoneForCountry(country) ?? "")).toBe(true);
    }
  });

  it("prefers the browser zone, then the country, then Asia/Kolkata", () => {
    expect(guessTimeZone({ browserZone: "Europe/Berlin", country: "India" })).toBe("Europe/Berlin");
    expect(guessTimeZone({ browserZone: "Mars/Base", country: "Singapore" })).toBe(
      "Asia/Singapore",
    );
    expect(guessTimeZone({ browserZone: null, country: "Atlantis" })).toBe(DEFAULT_TIME_ZONE);
    expect(guessTimeZone({})).toBe("Asia/Kolkata");
  });

  it("puts the person's own zone (settings) before every guess, if it is a zone", () => {
    expect(guessTimeZone({ stored: "America/Toronto", browserZone: "Europe/Berlin" })).toBe(
      "America/Toronto",
    );
    expect(guessTimeZone({ stored: "IST", browserZone: "Europe/Berlin" })).toBe("Europe/Berlin");
    expect(guessTimeZone({ stored: null, browserZone: "Europe/Berlin" })).toBe("Europe/Berlin");
  });
});

describe("old zone names", () => {
  it("become their current IANA name; current names stay as they are", () => {
    expect(canonicalTimeZone("Asia/Calcutta")).toBe("Asia/Kolkata");
    expect(canonicalTimeZone("Europe/Kiev")).toBe("Europe/Kyiv");
    expect(canonicalTimeZone("Etc/UTC")).toBe("UTC");
    expect(canonicalTimeZone("Asia/Kolkata")).toBe("Asia/Kolkata");
    expect(canonicalTimeZone("Europe/London")).toBe("Europe/London");
  });

  it("never add India twice to the picker, and a browser's alias is guessed as the current name", () => {
    expect(timeZoneOptions("Asia/Calcutta")).toEqual([...SELECTABLE_TIME_ZONES]);
    expect(timeZoneOptions("Asia/Saigon")).toEqual([...SELECTABLE_TIME_ZONES, "Asia/Ho_Chi_Minh"]);
    expect(guessTimeZone({ browserZone: "Asia/Calcutta" })).toBe("Asia/Kolkata");
  });

  it("is saved under the current name", () => {
    const check = validateAvailability({
      timeZone: "Asia/Calcutta",
      windows: { 1: [{ start: "09:00", end: "10:00" }] },
    });
    expect(check).toMatchObject({ ok: true, schedule: { timeZone: "Asia/Kolkata" } });
  });

  it("every alias points at a zone this runtime knows", () => {
    for (const alias of ["Asia/Calcutta", "Asia/Rangoon", "America/Godthab", "Pacific/Truk"]) {
      expect(isValidTimeZone(canonicalTimeZone(alias))).toBe(true);
    }
  });
});

describe("dateInZone", () => {
  it("is the day a start falls on in the zone, across midnight both ways", () => {
    const start = "2026-12-01T20:00:00.000Z";
    expect(dateInZone(start, "Asia/Kolkata")).toBe("2026-12-02");
    expect(dateInZone(start, "America/New_York")).toBe("2026-12-01");
    expect(dateInZone("2026-12-31T23:30:00.000Z", "Pacific/Kiritimati")).toBe("2027-01-01");
  });
});

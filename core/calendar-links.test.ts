import { describe, expect, it } from "vitest";
import { googleCalendarUrl, LINK_DESCRIPTION_MAX, outlookCalendarUrl } from "./calendar-links";
import { buildIcs } from "./ics";
import { sessionEvent, type SessionEventFacts } from "./session-event";

const facts: SessionEventFacts = {
  sessionType: "First Call",
  start: new Date("2026-03-14T04:00:00Z"),
  duration: 30,
  topics: ["Career change", "Salary & offers"],
  additionalInfo: "Line one\nLine two",
  joinLink: "https://meet.jit.si/BeenThere-abc",
  seeker: { firstName: "Asha", lastName: "Rao", email: "asha@example.com" },
  advisor: { firstName: "Vikram", lastName: "Shah", jobTitle: "Engineer" },
  dashboardUrl: "https://beenthere.example/dashboard",
};

describe("sessionEvent", () => {
  it("titles, describes and places the session as the invitation does", () => {
    expect(sessionEvent(facts)).toEqual({
      summary: "BeenThere First Call: Asha Rao with Vikram Shah",
      description: [
        "First Call, 30 minutes.",
        "Join: https://meet.jit.si/BeenThere-abc",
        "Manage: https://beenthere.example/dashboard",
        "Topics: Career change, Salary & offers",
        "Notes: Line one\nLine two",
      ].join("\n"),
      location: "https://meet.jit.si/BeenThere-abc",
      start: new Date("2026-03-14T04:00:00Z"),
      end: new Date("2026-03-14T04:30:00Z"),
    });
  });

  it("names a nameless seeker by e-mail and a nameless advisor by job title; no link: the dashboard", () => {
    const event = sessionEvent({
      ...facts,
      sessionType: "Discovery Call",
      duration: 15,
      topics: [],
      additionalInfo: null,
      joinLink: null,
      seeker: { firstName: " ", lastName: "", email: "asha@example.com" },
      advisor: { firstName: "", lastName: "", jobTitle: "Engineer" },
    });
    expect(event.summary).toBe("BeenThere Free Discovery Call: asha@example.com with Engineer");
    expect(event.description).toBe(
      "Free Discovery Call, 15 minutes.\nManage: https://beenthere.example/dashboard",
    );
    expect(event.location).toBe("https://beenthere.example/dashboard");
    expect(event.end).toEqual(new Date("2026-03-14T04:15:00Z"));
  });
});

describe("calendar links", () => {
  const event = sessionEvent(facts);

  it("Google: render?action=TEMPLATE with UTC dates and every value percent-encoded", () => {
    expect(googleCalendarUrl(event)).toBe(
      "https://calendar.google.com/calendar/render?action=TEMPLATE" +
        "&text=BeenThere%20First%20Call%3A%20Asha%20Rao%20with%20Vikram%20Shah" +
        "&dates=20260314T040000Z/20260314T043000Z" +
        "&details=First%20Call%2C%2030%20minutes.%0AJoin%3A%20https%3A%2F%2Fmeet.jit.si%2FBeenThere-abc" +
        "%0AManage%3A%20https%3A%2F%2Fbeenthere.example%2Fdashboard" +
        "%0ATopics%3A%20Career%20change%2C%20Salary%20%26%20offers%0ANotes%3A%20Line%20one%0ALine%20two" +
        "&location=https%3A%2F%2Fmeet.jit.si%2FBeenThere-abc",
    );
  });

  it("Outlook: the compose deeplink with ISO UTC times", () => {
    expect(outlookCalendarUrl(event)).toBe(
      "https://outlook.live.com/calendar/0/deeplink/compose?path=%2Fcalendar%2Faction%2Fcompose" +
        "&rru=addevent&subject=BeenThere%20First%20Call%3A%20Asha%20Rao%20with%20Vikram%20Shah" +
        "&startdt=2026-03-14T04%3A00%3A00Z&enddt=2026-03-14T04%3A30%3A00Z" +
        "&body=First%20Call%2C%2030%20minutes.%0AJoin%3A%20https%3A%2F%2Fmeet.jit.si%2FBeenThere-abc" +
        "%0AManage%3A%20https%3A%2F%2Fbeenthere.example%2Fdashboard" +
        "%0ATopics%3A%20Career%20change%2C%20Salary%20%26%20offers%0ANotes%3A%20Line%20one%0ALine%20two" +
        "&location=https%3A%2F%2Fmeet.jit.si%2FBeenThere-abc",
    );
  });

  it("carries at most LINK_DESCRIPTION_MAX characters of a long description, links first", () => {
    const long = sessionEvent({
      ...facts,
      topics: Array.from({ length: 30 }, () => "🚀".repeat(200)),
      additionalInfo: "n".repeat(1000),
    });
    for (const [url, key] of [
      [googleCalendarUrl(long), "details"],
      [outlookCalendarUrl(long), "body"],
    ] as const) {
      const carried = new URL(url).searchParams.get(key)!;
      expect(Array.from(carried)).toHaveLength(LINK_DESCRIPTION_MAX);
      expect(carried.endsWith("🚀…")).toBe(true); // whole characters only
      expect(carried).toContain("Join: https://meet.jit.si/BeenThere-abc");
      expect(carried).toContain("Manage: https://beenthere.example/dashboard");
    }
    // A description within the limit goes whole.
    expect(new URL(googleCalendarUrl(event)).searchParams.get("details")).toBe(event.description);
  });

  it("a value cannot add or override a parameter", () => {
    const hostile = { ...event, summary: "x&dates=1/2&location=evil#", location: "a=b&c" };
    const google = new URL(googleCalendarUrl(hostile));
    expect(google.searchParams.getAll("dates")).toEqual(["20260314T040000Z/20260314T043000Z"]);
    expect(google.searchParams.get("text")).toBe("x&dates=1/2&location=evil#");
    expect(google.searchParams.getAll("location")).toEqual(["a=b&c"]);
    expect(google.hash).toBe("");
    const outlook = new URL(outlookCalendarUrl(hostile));
    expect(outlook.searchParams.get("subject")).toBe("x&dates=1/2&location=evil#");
    expect(outlook.searchParams.getAll("location")).toEqual(["a=b&c"]);
  });

  it("the links and the .ics say the same times and title", () => {
    const ics = buildIcs({
      method: "REQUEST",
      uid: "booking-1@beenthere",
      sequence: 0,
      start: event.start,
      durationMinutes: facts.duration,
      summary: event.summary,
      description: event.description,
      location: event.location,
      organizer: { name: "BeenThere", email: "no-reply@beenthere.example" },
      attendees: [],
      stamp: new Date("2026-03-01T00:00:00Z"),
    });
    expect(ics).toContain("DTSTART:20260314T040000Z\r\n");
    expect(ics).toContain("DTEND:20260314T043000Z\r\n");
    expect(ics).toContain("SUMMARY:BeenThere First Call: Asha Rao with Vikram Shah\r\n");
    expect(new URL(googleCalendarUrl(event)).searchParams.get("dates")).toBe(
      "20260314T040000Z/20260314T043000Z",
    );
  });
});

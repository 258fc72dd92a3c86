import { describe, expect, it } from "vitest";
import { buildIcs, foldIcsLine, icsUid } from "./ics";

const event = {
  uid: "b1@beenthere",
  sequence: 2,
  start: new Date("2026-03-02T04:30:00Z"),
  end: new Date("2026-03-02T05:00:00Z"),
  summary: "BeenThere session: Asha, Ravi",
  description: "Join: https://meet.example/x\nTopics; careers",
  location: "https://meet.example/x",
  organizer: { name: "BeenThere", email: "support@beenthere.example" },
  attendees: [{ name: "Asha", email: "asha@example.com" }],
  stamp: new Date("2026-03-01T00:00:00Z"),
};

describe("buildIcs", () => {
  it("writes a REQUEST with UID, SEQUENCE and UTC times, CRLF lines", () => {
    const ics = buildIcs("REQUEST", event);
    expect(ics).toContain("METHOD:REQUEST\r\n");
    expect(ics).toContain("UID:b1@beenthere\r\n");
    expect(ics).toContain("SEQUENCE:2\r\n");
    expect(ics).toContain("DTSTART:20260302T043000Z\r\n");
    expect(ics).toContain("DTEND:20260302T050000Z\r\n");
    expect(ics).toContain("SUMMARY:BeenThere session: Asha\\, Ravi");
    expect(ics).toContain("DESCRIPTION:Join: https://meet.example/x\\nTopics\\; careers");
    expect(ics).toContain("STATUS:CONFIRMED");
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
  });
  it("writes a CANCEL with a cancelled status", () => {
    const ics = buildIcs("CANCEL", event);
    expect(ics).toContain("METHOD:CANCEL\r\n");
    expect(ics).toContain("STATUS:CANCELLED");
  });
  it("folds long lines at 75 octets", () => {
    const folded = foldIcsLine(`DESCRIPTION:${"x".repeat(200)}`);
    for (const line of folded.split("\r\n"))
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, "")).toBe(`DESCRIPTION:${"x".repeat(200)}`);
  });
  it("uses the calendar event id as UID when there is one", () => {
    expect(icsUid({ id: "b1", calendarEventId: null })).toBe("b1@beenthere");
    expect(icsUid({ id: "b1", calendarEventId: "evt9" })).toBe("evt9");
  });
});

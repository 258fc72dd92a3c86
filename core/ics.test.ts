import { describe, expect, it } from "vitest";
import { buildIcs, type CalendarInvite } from "./ics";

const invite: CalendarInvite = {
  method: "REQUEST",
  uid: "b1@beenthere",
  sequence: 2,
  start: new Date("2026-03-02T04:30:00Z"),
  durationMinutes: 30,
  summary: "BeenThere session: Asha, Ravi",
  description: "Join: https://meet.example/x\nTopics; careers",
  location: "https://meet.example/x",
  organizer: { name: "BeenThere", email: "support@beenthere.example" },
  attendees: [{ name: "Asha", email: "asha@example.com" }],
  stamp: new Date("2026-03-01T00:00:00Z"),
};

describe("buildIcs for a session change", () => {
  it("an update keeps the UID, carries the raised SEQUENCE and escapes text", () => {
    const ics = buildIcs(invite);
    expect(ics).toContain("UID:b1@beenthere\r\n");
    expect(ics).toContain("SEQUENCE:2\r\n");
    expect(ics).toContain("DTEND:20260302T050000Z\r\n");
    expect(ics).toContain("SUMMARY:BeenThere session: Asha\\, Ravi");
    expect(ics).toContain("DESCRIPTION:Join: https://meet.example/x\\nTopics\\; careers");
    expect(ics).toContain("STATUS:CONFIRMED");
  });
  it("a cancellation is METHOD:CANCEL with a cancelled status", () => {
    const ics = buildIcs({ ...invite, method: "CANCEL" });
    expect(ics).toContain("METHOD:CANCEL\r\n");
    expect(ics).toContain("STATUS:CANCELLED");
  });
  it("folds long lines at 75 octets without losing text", () => {
    const ics = buildIcs({ ...invite, description: "x".repeat(200) });
    for (const line of ics.split("\r\n"))
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(ics.replace(/\r\n /g, "")).toContain(`DESCRIPTION:${"x".repeat(200)}`);
  });
});

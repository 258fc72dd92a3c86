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

/** The content lines of an .ics as a calendar reads them: unfolded, name, params, value. */
function parseIcs(ics: string) {
  expect(ics.endsWith("\r\n")).toBe(true);
  const physical = ics.slice(0, -2).split("\r\n");
  for (const line of physical) {
    // No line break but CRLF, no line over 75 octets, no character cut in two.
    expect(line).not.toMatch(/[\r\n]/);
    const bytes = new TextEncoder().encode(line);
    expect(bytes.length).toBeLessThanOrEqual(75);
    // A character cut in two would not survive the round trip through UTF-8.
    expect(new TextDecoder().decode(bytes)).toBe(line);
  }
  return ics
    .slice(0, -2)
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n")
    .map((line) => {
      // The name ends at the first ";" or ":"; a quoted parameter value may hold either.
      const match = /^([A-Z-]+)((?:;[A-Z-]+=(?:"[^"]*"|[^";:,]*))*):(.*)$/.exec(line);
      expect(match, line).not.toBeNull();
      const params = Object.fromEntries(
        [...match![2]!.matchAll(/;([A-Z-]+)=("[^"]*"|[^";:,]*)/g)].map((m) => [m[1], m[2]]),
      );
      return { name: match![1]!, params, value: match![3]! };
    });
}

const PROPERTIES = [
  "BEGIN",
  "VERSION",
  "PRODID",
  "CALSCALE",
  "METHOD",
  "BEGIN",
  "UID",
  "SEQUENCE",
  "DTSTAMP",
  "DTSTART",
  "DTEND",
  "SUMMARY",
  "DESCRIPTION",
  "LOCATION",
  "URL",
  "ORGANIZER",
  "ATTENDEE",
  "ATTENDEE",
  "STATUS",
  "END",
  "END",
];
const INJECTION = "\r\nATTACH:https://evil.example/payload.exe\r\nX-INJ:1";

describe("buildIcs with hostile text", () => {
  const hostile: CalendarInvite = {
    ...invite,
    summary: `Session\rEND:VEVENT\rBEGIN:VEVENT\u2028SUMMARY:Free money`,
    description: `Notes: C:\\temp; a,b\rX-INJ:1\nEND:VEVENT\r\nBEGIN:VEVENT\u2029\u0000\u001b[2J\tend`,
    location: `https://meet.example/x${INJECTION}`,
    organizer: { name: 'Support "Team"\r\nX-INJ:1', email: "support@beenthere.example" },
    attendees: [
      { name: `Aditya${INJECTION}`, email: "aditya@example.com" },
      { name: 'Ravi "R"; ROLE=CHAIR:mailto:evil@evil.example\u2028\u0085\u0000x', email: "r@x.in" },
    ],
  };

  it("adds no property and no event, whatever the names, topics and notes hold", () => {
    const lines = parseIcs(buildIcs(hostile));
    expect(lines.map((l) => l.name)).toEqual(PROPERTIES);
    expect(lines.filter((l) => l.name === "BEGIN").map((l) => l.value)).toEqual([
      "VCALENDAR",
      "VEVENT",
    ]);
  });

  it("escapes TEXT values: backslash, ; and , and every line break as \\n, controls dropped", () => {
    const byName = (name: string) => parseIcs(buildIcs(hostile)).find((l) => l.name === name)!;
    expect(byName("SUMMARY").value).toBe(
      "Session\\nEND:VEVENT\\nBEGIN:VEVENT\\nSUMMARY:Free money",
    );
    expect(byName("DESCRIPTION").value).toBe(
      "Notes: C:\\\\temp\\; a\\,b\\nX-INJ:1\\nEND:VEVENT\\nBEGIN:VEVENT\\n[2J\tend",
    );
    expect(byName("LOCATION").value).toBe(
      "https://meet.example/x\\nATTACH:https://evil.example/payload.exe\\nX-INJ:1",
    );
  });

  it("quotes parameter values on one line, without quotes or controls", () => {
    const lines = parseIcs(buildIcs(hostile));
    expect(lines.find((l) => l.name === "ORGANIZER")).toMatchObject({
      params: { CN: `"Support 'Team' X-INJ:1"` },
      value: "mailto:support@beenthere.example",
    });
    const attendees = lines.filter((l) => l.name === "ATTENDEE");
    expect(attendees.map((a) => [a.params.CN, a.params.ROLE, a.value])).toEqual([
      [
        `"Aditya ATTACH:https://evil.example/payload.exe X-INJ:1"`,
        "REQ-PARTICIPANT",
        "mailto:aditya@example.com",
      ],
      [`"Ravi 'R'; ROLE=CHAIR:mailto:evil@evil.example x"`, "REQ-PARTICIPANT", "mailto:r@x.in"],
    ]);
  });

  it("writes the URL as a parsed http(s) URL, and leaves out a URL it cannot trust", () => {
    const url = (location: string) =>
      parseIcs(buildIcs({ ...invite, location })).find((l) => l.name === "URL")?.value;
    // The URL parser drops tabs and line breaks and percent-encodes the rest.
    expect(url(`https://meet.example/x${INJECTION}`)).toBe(
      "https://meet.example/xATTACH:https://evil.example/payload.exeX-INJ:1",
    );
    expect(url("https://meet.example/a b\u0000é")).toBe("https://meet.example/a%20b%00%C3%A9");
    expect(url("javascript:alert(1)")).toBeUndefined();
    expect(url("not a url")).toBeUndefined();
  });

  it("leaves out an attendee or organizer whose address is not a plain address", () => {
    for (const email of [
      "evil@example.com\r\nX-INJ:1",
      "evil@example.com;RSVP=FALSE",
      "a@b.com,c@d.com",
      '"x"@example.com',
      "evil@example.com:x",
      "no-at-sign",
    ]) {
      const lines = parseIcs(
        buildIcs({
          ...invite,
          organizer: { name: "BeenThere", email },
          attendees: [...invite.attendees, { name: "Evil", email }],
        }),
      );
      // One ATTENDEE (Asha's) and no ORGANIZER.
      const expected = PROPERTIES.filter((name) => name !== "ORGANIZER");
      expected.splice(expected.indexOf("ATTENDEE"), 1);
      expect(lines.map((l) => l.name)).toEqual(expected);
      expect(lines.filter((l) => l.name === "ATTENDEE").map((l) => l.value)).toEqual([
        "mailto:asha@example.com",
      ]);
    }
  });

  it("folds multi-byte text at 75 octets between characters, and unfolds to the same text", () => {
    const name = "अदिति 😀 José ".repeat(12).trim();
    const description = "é".repeat(101) + "😀".repeat(37) + "क्षत्रिय".repeat(9);
    const lines = parseIcs(
      buildIcs({ ...invite, description, attendees: [{ name, email: "a@example.com" }] }),
    );
    expect(lines.find((l) => l.name === "DESCRIPTION")!.value).toBe(description);
    expect(lines.find((l) => l.name === "ATTENDEE")!.params.CN).toBe(`"${name}"`);
  });
});

import { describe, expect, it } from "vitest";
import { row } from "./earnings-fixture.test-support";
import { csvRupees, csvText, statementCsv, statementFilename } from "./statement-csv";

const now = new Date("2026-11-25T00:00:00Z");

/** The file's lines without the byte order mark and the final line end. */
const linesOf = (csv: string) =>
  csv
    .replace(/^\uFEFF/, "")
    .replace(/\r\n$/, "")
    .split("\r\n");

describe("CSV cells", () => {
  it("quote what RFC 4180 says must be quoted, doubling quotes", () => {
    expect(csvText("Aarav")).toBe("Aarav");
    expect(csvText("Rao, Asha")).toBe('"Rao, Asha"');
    expect(csvText('The "best"')).toBe('"The ""best"""');
    expect(csvText("two\nlines")).toBe('"two\nlines"');
    expect(csvText("cr\rhere")).toBe('"cr\rhere"');
  });
  it("never start with what a spreadsheet runs as a formula", () => {
    expect(csvText('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvText("+91 98765")).toBe("'+91 98765");
    expect(csvText("-2+3")).toBe("'-2+3");
    expect(csvText("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvText("\tcmd")).toBe("'\tcmd");
    expect(csvText("\rcmd")).toBe('"\'\rcmd"');
    expect(csvText("a=b")).toBe("a=b");
  });
  it("write paise as rupees with two decimals", () => {
    expect(csvRupees(0)).toBe("0.00");
    expect(csvRupees(5)).toBe("0.05");
    expect(csvRupees(123_456_78)).toBe("123456.78");
    expect(csvRupees(-1_050)).toBe("-10.50");
    expect(() => csvRupees(1.5)).toThrow(RangeError);
  });
});

describe("the statement CSV", () => {
  it("has a header, a row per session and a totals row", () => {
    const csv = statementCsv(
      [
        row(),
        row({
          id: "b2",
          sessionAt: new Date("2026-11-30T19:00:00Z"), // 00:30 on 1 Dec in India
          seekerFirstName: "=cmd",
          sessionType: "Discovery Call",
          refund: 80_000,
          net: 0,
          transfer: { status: "cancelled", lastError: null },
        }),
      ],
      7,
      now,
    );
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv.endsWith("\r\n")).toBe(true);
    expect(linesOf(csv)).toEqual([
      "Date,Seeker,Session type,Fee (INR),Commission (INR),Commission %,Refund (INR),Net (INR),Payout status",
      '2026-11-24,Aarav,First Call,1000.00,200.00,20,0.00,800.00,"On hold until Tue, 1 Dec"',
      "2026-12-01,'=cmd,Free Discovery Call,1000.00,200.00,20,800.00,0.00,Refunded",
      "Total,,,2000.00,400.00,,800.00,800.00,",
    ]);
  });
  it("dates each row and its hold in the reader's own zone", () => {
    const late = row({ sessionAt: new Date("2026-11-30T19:00:00Z") }); // 00:30 on 1 Dec in India
    const [, inIndia] = linesOf(statementCsv([late], 7, now));
    const [, inLondon] = linesOf(statementCsv([late], 7, now, "Europe/London"));
    expect(inIndia!.startsWith("2026-12-01,")).toBe(true);
    expect(inLondon!.startsWith("2026-11-30,")).toBe(true);
  });

  it("has a header and a zero totals row for a month without sessions", () => {
    expect(linesOf(statementCsv([], 7, now))).toHaveLength(2);
    expect(linesOf(statementCsv([], 7, now))[1]).toBe("Total,,,0.00,0.00,,0.00,0.00,");
  });
  it("is named after its month", () => {
    expect(statementFilename("2026-11")).toBe("beenthere-statement-2026-11.csv");
  });
});

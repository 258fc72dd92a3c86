import { describe, expect, it } from "vitest";
import { logLevelOf, withoutNotes } from "./request-log.server";

describe("a finished request's log level", () => {
  it("is error for a fault, warn for a refusal (a busy 503 included), info otherwise", () => {
    expect([200, 304, 400, 404, 413, 429, 500, 502, 503, 504].map(logLevelOf)).toEqual([
      "info",
      "info",
      "warn",
      "warn",
      "warn",
      "warn",
      "error",
      "error",
      "warn",
      "error",
    ]);
  });
});

// ADR 85: a plain form's booking notes travel in its URL; the log never holds them.
describe("a logged URL", () => {
  it("keeps everything but a booking's notes", () => {
    expect(withoutNotes("/advisor/x?step=3&topics=0&additionalInfo=my+private+plans#b")).toBe(
      "/advisor/x?step=3&topics=0&additionalInfo=[not logged]#b",
    );
    expect(withoutNotes("/advisor/x?additionalInfo=a&additionalInfo=b&date=1")).toBe(
      "/advisor/x?additionalInfo=[not logged]&additionalInfo=[not logged]&date=1",
    );
    expect(withoutNotes("/advisors?search=dubai")).toBe("/advisors?search=dubai");
  });

  it("never holds a webhook's secret token (MSG91's delivery reports, ADR 95)", () => {
    expect(withoutNotes("/api/webhooks/msg91?token=s3cret-value&x=1")).toBe(
      "/api/webhooks/msg91?token=[not logged]&x=1",
    );
  });
});

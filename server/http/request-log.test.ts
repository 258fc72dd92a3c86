import { describe, expect, it } from "vitest";
import { logLevelOf } from "./request-log.server";

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

import { describe, expect, it } from "vitest";
import { advancesTo } from "./channels";

// ADR 95: a provider's statuses move a message forward only, whatever order they come in.
describe("advancesTo", () => {
  it("moves sent → delivered → read, and sent → failed", () => {
    expect(advancesTo("sent", "delivered")).toBe(true);
    expect(advancesTo("delivered", "read")).toBe(true);
    expect(advancesTo("sent", "read")).toBe(true);
    expect(advancesTo("sent", "failed")).toBe(true);
  });

  it("never moves back, repeats nothing, and keeps a delivered message delivered", () => {
    expect(advancesTo("delivered", "sent")).toBe(false);
    expect(advancesTo("read", "delivered")).toBe(false);
    expect(advancesTo("delivered", "delivered")).toBe(false);
    expect(advancesTo("delivered", "failed")).toBe(false);
    expect(advancesTo("read", "failed")).toBe(false);
    expect(advancesTo("failed", "delivered")).toBe(false);
    expect(advancesTo("withdrawn", "delivered")).toBe(false);
  });
});

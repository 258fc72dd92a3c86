import { describe, expect, it } from "vitest";
import { CONSENTS, type ConsentEvent, consentEvent, consentStates } from "./consents";

const at = (iso: string) => new Date(iso);
const event = (over: Partial<ConsentEvent>): ConsentEvent => ({
  kind: "marketing",
  action: "granted",
  version: CONSENTS.marketing.version,
  wording: CONSENTS.marketing.wording,
  source: "settings",
  at: at("2026-01-01T00:00:00Z"),
  ...over,
});
const state = (events: ConsentEvent[], kind: ConsentEvent["kind"]) =>
  consentStates(events).find((s) => s.kind === kind)!;

describe("consent states", () => {
  it("no events: nothing given, no record", () => {
    expect(consentStates([]).map((s) => [s.kind, s.given, s.last])).toEqual([
      ["terms", false, null],
      ["privacy", false, null],
      ["advisor_agreement", false, null],
      ["marketing", false, null],
      ["whatsapp", false, null],
      ["sms", false, null],
    ]);
  });

  it("the latest event of a kind decides, whatever order they come in", () => {
    const on = event({ at: at("2026-01-01T00:00:00Z") });
    const off = event({ action: "withdrawn", at: at("2026-02-01T00:00:00Z") });
    expect(state([on, off], "marketing").given).toBe(false);
    expect(state([off, on], "marketing").given).toBe(false);
    const again = event({ at: at("2026-03-01T00:00:00Z") });
    expect(state([on, off, again], "marketing")).toMatchObject({ given: true, last: again });
  });

  it("two events at the same instant: the later one in the log wins", () => {
    const on = event({});
    const off = event({ action: "withdrawn" });
    expect(state([on, off], "marketing").given).toBe(false);
    expect(state([off, on], "marketing").given).toBe(true);
  });

  it("kinds do not mix", () => {
    const terms = event({ kind: "terms", version: CONSENTS.terms.version });
    expect(state([terms], "terms").given).toBe(true);
    expect(state([terms], "marketing").given).toBe(false);
  });

  it("agreed to an older version: outdated; withdrawn: never outdated", () => {
    const old = event({ kind: "privacy", version: "2025-09-04" });
    expect(state([old], "privacy").outdated).toBe(true);
    const current = event({ kind: "privacy", version: CONSENTS.privacy.version });
    expect(state([current], "privacy").outdated).toBe(false);
    const withdrawn = event({ kind: "privacy", version: "2025-09-04", action: "withdrawn" });
    expect(state([withdrawn], "privacy").outdated).toBe(false);
  });

  it("a new event carries the version in force and the words shown", () => {
    const now = at("2026-11-28T10:00:00Z");
    expect(consentEvent("privacy", "granted", "sign-up", now)).toEqual({
      kind: "privacy",
      action: "granted",
      version: "2026-11-28",
      wording: "By signing up you agree to our Terms & Conditions and Privacy Policy.",
      source: "sign-up",
      at: now,
    });
  });
});

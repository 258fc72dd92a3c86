import { describe, expect, it } from "vitest";
import { lockMinutesLeft, recordFailure, safeRedirect } from "./auth-rules";
import { currentRole, rolesOf } from "./roles";

const t = (minutes: number) => new Date(Date.UTC(2026, 10, 21, 10, 0) + minutes * 60_000);

describe("lockout", () => {
  it("locks on the fifth failure within 15 minutes, until 15 minutes after the last", () => {
    let record;
    for (const minute of [0, 1, 2, 3]) record = recordFailure(record, t(minute));
    expect(lockMinutesLeft(record, t(3))).toBe(0);
    record = recordFailure(record, t(4));
    expect(record.failedCount).toBe(5);
    expect(lockMinutesLeft(record, t(4))).toBe(15);
    expect(lockMinutesLeft(record, t(10))).toBe(9);
    expect(lockMinutesLeft(record, t(18.5))).toBe(1);
    expect(lockMinutesLeft(record, t(19))).toBe(0);
  });

  it("starts over when the first failure is older than 15 minutes", () => {
    let record;
    for (const minute of [0, 1, 2, 3]) record = recordFailure(record, t(minute));
    record = recordFailure(record, t(16));
    expect(record).toEqual({ failedCount: 1, firstFailedAt: t(16), lastFailedAt: t(16) });
    expect(lockMinutesLeft(record, t(16))).toBe(0);
  });

  it("does not lock without a record", () => {
    expect(lockMinutesLeft(undefined, t(0))).toBe(0);
  });
});

describe("safeRedirect", () => {
  it.each([
    ["/advisors?search=dubai", "/advisors?search=dubai"],
    ["/settings", "/settings"],
    ["https://evil.example", "/dashboard"],
    ["//evil.example", "/dashboard"],
    ["/\\evil.example", "/dashboard"],
    ["javascript:alert(1)", "/dashboard"],
    ["/ok\r\nSet-Cookie: x=1", "/dashboard"],
    [null, "/dashboard"],
    ["", "/dashboard"],
  ])("%s → %s", (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });
});

describe("roles", () => {
  it("everyone is a seeker; advisors and admins add theirs", () => {
    expect(rolesOf({ admin: "N", hasAdvisorProfile: false })).toEqual(["seeker"]);
    expect(rolesOf({ admin: "N", hasAdvisorProfile: true })).toEqual(["advisor", "seeker"]);
    expect(rolesOf({ admin: "Y", hasAdvisorProfile: true })).toEqual([
      "admin",
      "advisor",
      "seeker",
    ]);
  });

  it("defaults to admin > advisor > seeker and restores a saved role only if held", () => {
    expect(currentRole(["admin", "advisor", "seeker"], null)).toBe("admin");
    expect(currentRole(["advisor", "seeker"], undefined)).toBe("advisor");
    expect(currentRole(["advisor", "seeker"], "seeker")).toBe("seeker");
    expect(currentRole(["advisor", "seeker"], "admin")).toBe("advisor");
    expect(currentRole(["seeker"], "bogus")).toBe("seeker");
  });
});

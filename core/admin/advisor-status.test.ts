import { describe, expect, it } from "vitest";
import {
  ADVISOR_STATUSES,
  allowedActions,
  sectionOf,
  statusBadge,
  transition,
} from "./advisor-status";

describe("advisor status transitions by an admin", () => {
  it("lets a pending profile be approved or rejected", () => {
    expect(transition("pending", "approve")).toEqual({ ok: true, from: "pending", to: "approved" });
    expect(transition("pending", "reject")).toEqual({ ok: true, from: "pending", to: "rejected" });
  });

  it("lets an approved profile only be rejected", () => {
    expect(transition("approved", "reject")).toMatchObject({ ok: true, to: "rejected" });
    expect(transition("approved", "approve")).toEqual({ ok: false, from: "approved" });
  });

  it("lets a rejected profile, or one in an unknown status, only be approved", () => {
    expect(transition("rejected", "approve")).toMatchObject({ ok: true, to: "approved" });
    expect(transition("rejected", "reject").ok).toBe(false);
    expect(transition("suspended", "approve")).toMatchObject({ ok: true, to: "approved" });
    expect(transition("suspended", "reject").ok).toBe(false);
  });

  it("never changes a profile pending activation or a draft", () => {
    for (const status of ["pending_activation", "draft"]) {
      expect(allowedActions(status)).toEqual([]);
      expect(transition(status, "approve").ok).toBe(false);
      expect(transition(status, "reject").ok).toBe(false);
    }
  });

  it("offers exactly the transitions it allows, for every status", () => {
    for (const status of ADVISOR_STATUSES) {
      for (const action of ["approve", "reject"] as const) {
        expect(transition(status, action).ok).toBe(allowedActions(status).includes(action));
      }
    }
  });
});

describe("advisor review sections and badges", () => {
  it("puts each status in its accordion section", () => {
    expect(sectionOf("pending")).toBe("pending");
    expect(sectionOf("pending_activation")).toBe("pending_activation");
    expect(sectionOf("approved")).toBe("approved");
    expect(sectionOf("rejected")).toBe("other");
    expect(sectionOf("draft")).toBe("other");
    expect(sectionOf("whatever")).toBe("other");
  });

  it("styles approved as default, pending as secondary, rejected as destructive", () => {
    expect(statusBadge("approved", true)).toEqual({ label: "Approved", tone: "brand" });
    expect(statusBadge("pending", true)).toEqual({ label: "Pending", tone: "neutral" });
    expect(statusBadge("rejected", true)).toEqual({ label: "Rejected", tone: "danger" });
    expect(statusBadge("pending_activation", false).label).toBe("Pending Activation");
  });

  it("shows Inactive for an approved advisor whose account is inactive", () => {
    expect(statusBadge("approved", false)).toEqual({ label: "Inactive", tone: "neutral" });
  });
});

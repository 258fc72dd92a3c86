import { describe, expect, it } from "vitest";
import {
  cancelDialogRefund,
  cancelledByText,
  cancelledLine,
  cancelRefundText,
  refundSummary,
} from "./cancellation";

const now = new Date("2026-03-01T10:00:00Z");
const inHours = (h: number) => new Date(now.getTime() + h * 3_600_000);
const paid = {
  paidPaise: 236_000,
  paymentStatus: "paid" as const,
  seekerName: "Aarav Mehta",
  datetime: inHours(48),
};

describe("cancelDialogRefund", () => {
  it("tells a seeker 24 hours or more ahead of their own full refund", () => {
    expect(cancelDialogRefund({ ...paid, datetime: inHours(24) }, "seeker", now)).toEqual({
      text: "You'll get a full refund of ₹2,360 within 7-10 business days.",
      refunded: true,
    });
  });
  it("tells a seeker inside 24 hours that they get nothing back, and why, as a warning", () => {
    expect(cancelDialogRefund({ ...paid, datetime: inHours(23.9) }, "seeker", now)).toEqual({
      text: "You won't get a refund: sessions cancelled less than 24 hours before the start are not refunded.",
      refunded: false,
    });
  });
  it("tells an advisor, even inside 24 hours, that the seeker is refunded in full", () => {
    expect(cancelDialogRefund({ ...paid, datetime: inHours(13) }, "advisor", now)).toEqual({
      text: "Aarav Mehta will get a full refund of ₹2,360 within 7-10 business days.",
      refunded: true,
    });
  });
  it("tells an admin in the third person", () => {
    expect(cancelDialogRefund({ ...paid, datetime: inHours(2) }, "admin", now)).toEqual({
      text: "The seeker, Aarav Mehta, will get a full refund of ₹2,360 within 7-10 business days.",
      refunded: true,
    });
  });
  it("says nothing about money for a free or already refunded session", () => {
    expect(cancelDialogRefund({ ...paid, paidPaise: null }, "seeker", now)).toBeNull();
    expect(
      cancelDialogRefund({ ...paid, paidPaise: 0, paymentStatus: "free" }, "advisor", now),
    ).toBeNull();
    expect(cancelDialogRefund({ ...paid, paymentStatus: "refunded" }, "admin", now)).toBeNull();
  });
});

describe("cancelRefundText", () => {
  it("words the server's refund for each reader", () => {
    const base = { seekerName: "Aarav Mehta", paidPaise: 236_000 };
    expect(cancelRefundText({ ...base, reader: "seeker", refundPaise: 236_000 })).toBe(
      "You'll get a full refund of ₹2,360 within 7-10 business days.",
    );
    expect(cancelRefundText({ ...base, reader: "seeker", refundPaise: 100_000 })).toBe(
      "You'll get a refund of ₹1,000 within 7-10 business days.",
    );
    expect(cancelRefundText({ ...base, reader: "advisor", refundPaise: 0 })).toBe(
      "Aarav Mehta will not get a refund.",
    );
    expect(cancelRefundText({ ...base, reader: "admin", paidPaise: 0, refundPaise: 0 })).toBe(null);
  });
});

describe("cancelledByText", () => {
  it("says 'you' to the party who cancelled and names the part otherwise", () => {
    expect(cancelledByText("seeker", "seeker")).toBe("Cancelled by you");
    expect(cancelledByText("advisor", "advisor")).toBe("Cancelled by you");
    expect(cancelledByText("advisor", "seeker")).toBe("Cancelled by the advisor");
    expect(cancelledByText("seeker", "advisor")).toBe("Cancelled by the seeker");
    expect(cancelledByText("admin", "seeker")).toBe("Cancelled by an admin");
  });
  it("never says 'you' to an admin, who may not be the admin who cancelled", () => {
    expect(cancelledByText("admin", "admin")).toBe("Cancelled by an admin");
    expect(cancelledByText("seeker", "admin")).toBe("Cancelled by the seeker");
  });
  it("says only 'Cancelled' when who cancelled is not known", () => {
    expect(cancelledByText(null, "seeker")).toBe("Cancelled");
  });
});

describe("cancelledLine", () => {
  it("adds when, in the reader's zone", () => {
    expect(
      cancelledLine(
        { cancelledBy: "seeker", cancelledAt: new Date("2026-03-02T04:30:00Z") },
        "seeker",
        "Asia/Kolkata",
      ),
    ).toBe("Cancelled by you on Mon, 2 Mar 2026, 10:00 AM (Asia/Kolkata)");
    expect(cancelledLine({ cancelledBy: "advisor", cancelledAt: null }, "seeker", "UTC")).toBe(
      "Cancelled by the advisor",
    );
  });
});

describe("refundSummary", () => {
  const cancelled = {
    paidPaise: 236_000,
    paymentStatus: "paid" as const,
    cancelledBy: "seeker" as const,
    refundPaise: 236_000,
    refundStatus: "pending" as const,
    refundProcessedAt: null,
    refundRetrying: false,
  };
  it("a queued or sent refund is processing", () => {
    expect(refundSummary(cancelled, "UTC")).toEqual({
      state: "pending",
      text: "₹2,360 · processing",
    });
  });
  it("a processed refund gives its date in the reader's zone", () => {
    expect(
      refundSummary(
        {
          ...cancelled,
          paymentStatus: "refunded",
          refundStatus: "processed",
          refundProcessedAt: new Date("2026-03-13T20:00:00Z"),
        },
        "Asia/Kolkata",
      ),
    ).toEqual({ state: "processed", text: "₹2,360 · processed on Saturday, 14 March 2026" });
  });
  it("a refused refund, or one whose sending failed, is retrying", () => {
    const retrying = { state: "retrying", text: "₹2,360 · failed, retrying automatically" };
    expect(refundSummary({ ...cancelled, refundStatus: "failed" }, "UTC")).toEqual(retrying);
    expect(refundSummary({ ...cancelled, refundRetrying: true }, "UTC")).toEqual(retrying);
  });
  it("a seeker's late cancellation has no refund, by the rule", () => {
    expect(refundSummary({ ...cancelled, refundPaise: null, refundStatus: null }, "UTC")).toEqual({
      state: "none",
      text: "No refund: cancelled less than 24 hours before the start",
    });
  });
  it("a free session had nothing to refund", () => {
    expect(
      refundSummary(
        {
          ...cancelled,
          paidPaise: 0,
          paymentStatus: "free",
          refundPaise: null,
          refundStatus: null,
        },
        "UTC",
      ),
    ).toEqual({ state: "free", text: "Free session: nothing was paid" });
  });
});

describe("cancelling a package's session", () => {
  const row = {
    paidPaise: 0,
    paymentStatus: "free" as const,
    seekerName: "Aarav Mehta",
    datetime: new Date("2026-03-10T04:30:00.000Z"),
    fromPackage: true,
  };
  it("tells the seeker whether it goes back to the package or is used", () => {
    expect(cancelDialogRefund(row, "seeker", new Date("2026-03-08T04:30:00.000Z"))).toEqual({
      text: "This session goes back to your package, to book again.",
      refunded: true,
    });
    expect(cancelDialogRefund(row, "seeker", new Date("2026-03-09T12:00:00.000Z"))).toEqual({
      text: "This session counts as used from your package: sessions cancelled less than 24 hours before the start do not go back.",
      refunded: false,
    });
    expect(cancelDialogRefund(row, "advisor", new Date("2026-03-09T12:00:00.000Z"))).toEqual({
      text: "The session goes back to Aarav Mehta's package, to book again.",
      refunded: true,
    });
  });
});

/**
 * Session packages (issue 40): an advisor sells a number of sessions for one price, paid once
 * and used one booking at a time. Money is integer paise (ADR 1); the package price is whole
 * rupees without GST, and GST is added to it as to a session (core/pricing.ts).
 */
import { formatInr } from "./format";
import { GST_PERCENT, sessionPrice, type SessionMinutes } from "./pricing";
import { FULL_REFUND_HOURS, MODIFY_CUTOFF_HOURS } from "./sessions";

const HOUR_MS = 3_600_000;

export const PACKAGE_LIMITS = {
  nameMax: 80,
  descriptionMax: 600,
  minSessions: 2,
  maxSessions: 12,
  minValidityDays: 14,
  maxValidityDays: 180,
  /**
   * Rupees, without GST. The floor keeps every session's share of GST positive when the price
   * is split into sessions (see `sessionShares`).
   */
  minPriceInr: 100,
  maxPriceInr: 1_000_000,
} as const;

/** An advisor's package as sold: "active" is offered, "withdrawn" is no longer sold. */
export const PACKAGE_STATUSES = ["active", "withdrawn"] as const;
export type PackageStatus = (typeof PACKAGE_STATUSES)[number];

/** A seeker's bought package. */
export const PURCHASE_STATUSES = [
  /** Ordered; the payment has not arrived. */
  "pending_payment",
  /** Paid: sessions may be booked until it expires. */
  "active",
  /** Every session was used. */
  "used",
  /** Ended early by the seeker: the unused sessions were refunded. */
  "cancelled",
  /** Ended by the advisor (or an admin): the unused sessions were refunded. */
  "withdrawn",
  /** The validity ended: the unused sessions were refunded (ADR 97). */
  "expired",
] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

export type PackagePrice = {
  feePaise: number;
  gstPaise: number;
  totalPaise: number;
};

/** The package's price with GST, rounded to whole rupees as a session's is. */
export function packagePrice(priceInr: number): PackagePrice {
  if (!Number.isSafeInteger(priceInr) || priceInr < 0) throw new RangeError(`price ${priceInr}`);
  const totalInr = Math.floor((priceInr * (100 + GST_PERCENT) * 2 + 100) / 200);
  return {
    feePaise: priceInr * 100,
    gstPaise: (totalInr - priceInr) * 100,
    totalPaise: totalInr * 100,
  };
}

/**
 * An amount split into `count` sessions' shares: equal shares in paise and the remainder on
 * the last, so they add up to the amount exactly.
 */
export function sessionShares(amount: number, count: number): number[] {
  if (!Number.isSafeInteger(count) || count < 1) throw new RangeError(`count ${count}`);
  const share = Math.floor(amount / count);
  return Array.from({ length: count }, (_, i) =>
    i === count - 1 ? amount - share * (count - 1) : share,
  );
}

/** The fee (GST excluded) the advisor is credited for the `nth` session used (1-based). */
export function nthSessionFee(price: PackagePrice, sessions: number, nth: number): number {
  const fee = sessionShares(price.feePaise, sessions)[nth - 1];
  if (fee === undefined) throw new RangeError(`session ${nth} of ${sessions}`);
  return fee;
}

/**
 * What is refunded when a package ends with `used` of its sessions used: the rest of what was
 * paid, GST included, and the GST part of it. The sessions used are the first shares, so the
 * advisor's credits and this refund add up to the price exactly.
 */
export function refundOfRest(price: PackagePrice, sessions: number, used: number) {
  if (used < 0 || used > sessions) throw new RangeError(`used ${used} of ${sessions}`);
  const sum = (xs: number[]) => xs.slice(0, used).reduce((a, b) => a + b, 0);
  const amount = price.totalPaise - sum(sessionShares(price.totalPaise, sessions));
  const fee = price.feePaise - sum(sessionShares(price.feePaise, sessions));
  return { amount, gst: amount - fee };
}

/** What the same sessions cost one by one (GST included), and the honest saving. */
export function packageSaving(input: {
  priceInr: number;
  sessions: number;
  duration: SessionMinutes;
  hourlyRateInr: number;
}) {
  const oneByOnePaise =
    sessionPrice(input.hourlyRateInr, input.duration).totalPaise * input.sessions;
  const { totalPaise } = packagePrice(input.priceInr);
  // Floored: a saving is never shown larger than it is.
  const percent =
    oneByOnePaise > totalPaise
      ? Math.floor(((oneByOnePaise - totalPaise) * 100) / oneByOnePaise)
      : 0;
  return { oneByOnePaise, totalPaise, percent };
}

/** "3 sessions · ₹6,000 (incl. GST) · save 20%": a package on a card or the profile. */
export function packageSummary(input: {
  sessions: number;
  totalPaise: number;
  savePercent: number;
}) {
  const parts = [`${input.sessions} sessions`, `${formatInr(input.totalPaise / 100)} (incl. GST)`];
  if (input.savePercent > 0) parts.push(`save ${input.savePercent}%`);
  return parts.join(" · ");
}

/** "Session 2 of 3". */
export function sessionOfText(nth: number, sessions: number): string {
  return `Session ${nth} of ${sessions}`;
}

/**
 * Why a package price is refused, or null: within the limits, and never more than the same
 * sessions one by one (a package that costs more is no offer).
 */
export function packagePriceProblem(input: {
  priceInr: number;
  sessions: number;
  duration: SessionMinutes;
  hourlyRateInr: number;
}): string | null {
  const { minPriceInr, maxPriceInr } = PACKAGE_LIMITS;
  if (
    !Number.isSafeInteger(input.priceInr) ||
    input.priceInr < minPriceInr ||
    input.priceInr > maxPriceInr
  )
    return `Enter a price in whole rupees from ${formatInr(minPriceInr)} to ${formatInr(maxPriceInr)}.`;
  if (input.hourlyRateInr <= 0) return "Packages are for paid sessions: set an hourly rate first.";
  const oneByOneFee = sessionPrice(input.hourlyRateInr, input.duration).feeInr * input.sessions;
  if (input.priceInr > oneByOneFee)
    return `The price must not be more than the same sessions one by one (${formatInr(oneByOneFee)} before GST).`;
  return null;
}

/** A package session's price, where a session's price is shown: "Session 2 of 3 · paid with your package". */
export function packageUseLabel(use: { nth: number; sessions: number }): string {
  return `${sessionOfText(use.nth, use.sessions)} · paid with your package`;
}

/** The summary's button: pay, book a free session, or book a package's next session. */
export function bookLabel(option: {
  price: { isFree: boolean; totalInr: number };
  packageUse?: { nth: number; sessions: number };
}): string {
  if (option.packageUse)
    return `Book ${sessionOfText(option.packageUse.nth, option.packageUse.sessions)}`;
  return option.price.isFree ? "Book Free Session" : `Pay ${formatInr(option.price.totalInr)}`;
}

/** How a bought package's state reads on its pages. */
export const PURCHASE_STATUS_LABELS: Record<PurchaseStatus, string> = {
  pending_payment: "Awaiting payment",
  active: "Active",
  used: "All sessions used",
  cancelled: "Cancelled",
  withdrawn: "Withdrawn",
  expired: "Expired",
};

/** "2 of 3 sessions left". */
export function sessionsLeftText(sessions: number, taken: number): string {
  const left = Math.max(0, sessions - taken);
  return `${left} of ${sessions} ${sessions === 1 ? "session" : "sessions"} left`;
}

/**
 * What ending a package now does to its sessions still booked (ADR 97): those starting more
 * than the change cutoff ahead are cancelled under the ender's rule (the seeker's: 24 hours or
 * more ahead they go back, later ones are used; the advisor's or an admin's: all go back);
 * sooner ones take place. Answers how many are cancelled and how many sessions are then used.
 */
export function endingOutcome(input: {
  sessions: number;
  /** Booked or used now (packageSessionsTaken). */
  taken: number;
  upcomingStarts: readonly Date[];
  now: Date;
  by: "seeker" | "advisor" | "admin";
}) {
  const ahead = (start: Date) => start.getTime() - input.now.getTime();
  const cancelled = input.upcomingStarts.filter((s) => ahead(s) > MODIFY_CUTOFF_HOURS * HOUR_MS);
  const back = cancelled.filter(
    (s) => input.by !== "seeker" || ahead(s) >= FULL_REFUND_HOURS * HOUR_MS,
  ).length;
  return { cancelled: cancelled.length, used: Math.min(input.sessions, input.taken - back) };
}

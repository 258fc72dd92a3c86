/**
 * What an advisor sells as packages (issue 40), as the profile, the cards and the advisor's
 * own page show it. The money rules are core/packages.ts; this is the offer in words.
 */
import { formatInr, formatPaise } from "./format";
import { packagePrice, packageSaving, packageSummary } from "./packages";
import type { SessionMinutes } from "./pricing";

/** At most this many packages on sale per advisor at once (withdrawn ones do not count). */
export const MAX_ACTIVE_PACKAGES = 5;

/** The admin's list: every package, those on sale and not hidden, or the hidden. */
export const ADMIN_PACKAGE_FILTERS = ["all", "active", "hidden"] as const;
export type AdminPackageFilter = (typeof ADMIN_PACKAGE_FILTERS)[number];

/** A package on sale, as the profile shows it. */
export type PackageOffer = {
  id: string;
  name: string;
  description: string;
  sessions: number;
  duration: SessionMinutes;
  validityDays: number;
  priceInr: number;
};

/** "Use within 60 days of purchase". */
export const validityText = (days: number) => `Use within ${days} days of purchase`;

/** "30-minute sessions · use within 60 days of purchase". */
export const offerTerms = (offer: Pick<PackageOffer, "duration" | "validityDays">) =>
  `${offer.duration}-minute sessions · use within ${offer.validityDays} days of purchase`;

/** "3 × 30 minutes". */
export const sessionsTimesDuration = (offer: Pick<PackageOffer, "sessions" | "duration">) =>
  `${offer.sessions} × ${offer.duration} minutes`;

type Priced = Pick<PackageOffer, "sessions" | "duration" | "priceInr">;

/** The package's price and the honest comparison with the same sessions one by one. */
export function offerSaving(offer: Priced, hourlyRateInr: number) {
  return packageSaving({ ...offer, hourlyRateInr });
}

/** "3 sessions · ₹6,000 (incl. GST) · save 20%". */
export function offerSummary(offer: Priced, hourlyRateInr: number): string {
  return packageSummary({
    sessions: offer.sessions,
    totalPaise: packagePrice(offer.priceInr).totalPaise,
    savePercent: offerSaving(offer, hourlyRateInr).percent,
  });
}

/**
 * The comparison in words: "₹7,080 one by one · save ₹1,080 (15%)", "· no saving", or how much
 * more the package costs (the price rule refuses that, but a rate lowered later can make it so).
 */
export function comparisonText(offer: Priced, hourlyRateInr: number): string {
  const { oneByOnePaise, totalPaise, percent } = offerSaving(offer, hourlyRateInr);
  const oneByOne = `${formatPaise(oneByOnePaise)} one by one`;
  if (oneByOnePaise === totalPaise) return `${oneByOne} · no saving`;
  if (oneByOnePaise < totalPaise)
    return `${oneByOne} · ${formatPaise(totalPaise - oneByOnePaise)} more as a package`;
  return `${oneByOne} · save ${formatPaise(oneByOnePaise - totalPaise)} (${percent}%)`;
}

/** "₹6,000 (incl. GST)" */
export const totalText = (priceInr: number) =>
  `${formatPaise(packagePrice(priceInr).totalPaise)} (incl. GST)`;

/** "₹5,085 + ₹915 GST" */
export function priceBreakdown(priceInr: number) {
  const price = packagePrice(priceInr);
  return `${formatInr(priceInr)} + ${formatPaise(price.gstPaise)} GST`;
}

/**
 * The package a card shows: the largest saving, then the lowest price, then the first offered.
 */
export function bestOffer<T extends Priced>(offers: readonly T[], hourlyRateInr: number): T | null {
  let best: { offer: T; percent: number; total: number } | null = null;
  for (const offer of offers) {
    const { percent, totalPaise } = offerSaving(offer, hourlyRateInr);
    if (!best || percent > best.percent || (percent === best.percent && totalPaise < best.total))
      best = { offer, percent, total: totalPaise };
  }
  return best?.offer ?? null;
}

/** A package as its advisor's page and the admin's list show it: every text made here. */
export type PackageRowView = PackageOffer & {
  status: "active" | "withdrawn";
  hidden: boolean;
  /** "3 × 30 minutes" */
  shape: string;
  /** "Use within 60 days of purchase" */
  validity: string;
  /** "₹6,000 (incl. GST)" */
  total: string;
  /** "₹7,080 one by one · save ₹1,080 (15%)" */
  comparison: string;
};

export function packageRowView(
  offer: PackageOffer & { status: "active" | "withdrawn"; hidden: boolean },
  hourlyRateInr: number,
): PackageRowView {
  return {
    ...offer,
    shape: sessionsTimesDuration(offer),
    validity: validityText(offer.validityDays),
    total: totalText(offer.priceInr),
    comparison: comparisonText(offer, hourlyRateInr),
  };
}

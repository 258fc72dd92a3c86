// Session pricing. Money is decided here once, in whole rupees, so the price on an
// advisor card and the amount charged at checkout can never disagree.
//
// Rule: for m minutes at hourly rate r (INR, up to 2 decimals):
//   fee   = round(r * m / 60)
//   total = round(r * m / 60 * 1.18)
//   gst   = total - fee
// charged as total * 100 paise. Halves round up.

export const GST_RATE = 0.18;
export const SESSION_MINUTES = [15, 30] as const;
export type SessionMinutes = (typeof SESSION_MINUTES)[number];

export interface SessionPrice {
  feeInr: number;
  gstInr: number;
  totalInr: number;
  totalPaise: number;
  isFree: boolean;
}

/** GST as an integer percentage, so the maths below stays in exact integers. */
export const GST_PERCENT = Math.round(GST_RATE * 100);
/** "18% GST", as every text that names the tax says it. */
export const GST_LABEL = `${GST_PERCENT}% GST`;

/** Integer division rounding halves up (n >= 0, d > 0). */
function divRoundHalfUp(n: number, d: number): number {
  if (!Number.isSafeInteger(2 * n + d)) throw new RangeError("Amount too large to price exactly");
  return Math.floor((2 * n + d) / (2 * d));
}

function rateToPaise(hourlyRateInr: number): number {
  if (!Number.isFinite(hourlyRateInr) || hourlyRateInr < 0) {
    throw new RangeError(`Invalid hourly rate: ${hourlyRateInr}`);
  }
  // Rates are stored with 2 decimals; snapping to paise removes float noise such as
  // 999.99 * 100 = 99998.99999999999 before any multiplication happens.
  return Math.round(hourlyRateInr * 100);
}

/** Price of one session. Throws RangeError for a bad rate or a length other than 15/30. */
export function sessionPrice(hourlyRateInr: number, minutes: number): SessionPrice {
  const ratePaise = rateToPaise(hourlyRateInr);
  if (!(SESSION_MINUTES as readonly number[]).includes(minutes)) {
    throw new RangeError(`Sessions are 15 or 30 minutes, got ${minutes}`);
  }
  // fee = ratePaise * m / 60 / 100 rupees; total adds GST as (100 + 18) / 100.
  const feeInr = divRoundHalfUp(ratePaise * minutes, 60 * 100);
  const totalInr = divRoundHalfUp(ratePaise * minutes * (100 + GST_PERCENT), 60 * 100 * 100);
  return {
    feeInr,
    gstInr: totalInr - feeInr,
    totalInr,
    totalPaise: totalInr * 100,
    // Pro bono advisors (rate 0) are free; a tiny rate that rounds to ₹0 is not.
    isFree: ratePaise === 0,
  };
}

/** "From" price shown on cards: the 15-minute total including GST. */
export function startingPriceInr(hourlyRateInr: number): number {
  return sessionPrice(hourlyRateInr, 15).totalInr;
}

import { AlertTriangle } from "lucide-react";
import type { PayoutMonth } from "../../../../core/admin/payouts";
import { monthLabel } from "../../../../core/earnings";
import { formatPaise } from "../../../../core/format";
import { PAYOUT_MESSAGES as M } from "../../../../core/messages/payouts";
import { cn } from "../../../lib/cn";
import { numTd, numTh, ScrollBox, Section } from "./payout-section";

/** Each month's money and whether it adds up (a difference is what is unaccounted for). */
export function PayoutMonths({ months }: { months: PayoutMonth[] }) {
  return (
    <Section title={M.monthsTitle} intro={M.monthsIntro}>
      {months.length === 0 ? (
        <p className="text-sm text-muted">{M.monthsEmpty}</p>
      ) : (
        <ScrollBox label={M.monthsTable}>
          <table className="w-full min-w-[50rem] border-collapse text-left text-sm">
            <caption className="sr-only">{M.monthsCaption}</caption>
            <thead className="text-xs font-semibold tracking-wide text-muted uppercase">
              <tr className="border-b border-line">
                <th scope="col" className="px-3 py-2">
                  Month
                </th>
                <th scope="col" className={numTh}>
                  Collected
                </th>
                <th scope="col" className={numTh}>
                  Advisor shares
                </th>
                <th scope="col" className={numTh}>
                  Commission
                </th>
                <th scope="col" className={numTh}>
                  GST
                </th>
                <th scope="col" className={numTh}>
                  Refunds
                </th>
                <th scope="col" className={numTh}>
                  Prepaid
                </th>
                <th scope="col" className={numTh}>
                  Difference
                </th>
              </tr>
            </thead>
            <tbody>
              {months.map((m) => (
                <tr key={m.month} className="border-b border-line last:border-0">
                  <th scope="row" className="px-3 py-2 font-medium whitespace-nowrap">
                    {monthLabel(m.month)}
                  </th>
                  <td className={numTd}>{formatPaise(m.collected)}</td>
                  <td className={numTd}>{formatPaise(m.advisorShares)}</td>
                  <td className={numTd}>{formatPaise(m.commission)}</td>
                  <td className={numTd}>{formatPaise(m.gst)}</td>
                  <td className={numTd}>{formatPaise(m.refunds)}</td>
                  <td className={numTd}>{formatPaise(m.prepaid)}</td>
                  <td
                    className={cn(
                      numTd,
                      m.difference === 0 ? "text-muted" : "bg-red-50 font-semibold text-red-800",
                    )}
                    data-testid={`difference-${m.month}`}
                  >
                    {m.difference === 0 ? (
                      formatPaise(0)
                    ) : (
                      <span className="inline-flex items-center gap-1">
                        <AlertTriangle className="size-4" aria-hidden="true" />
                        {formatPaise(m.difference)}
                        <span className="sr-only"> unaccounted</span>
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
    </Section>
  );
}

import { Search } from "lucide-react";
import { Form } from "react-router";
import type { AdvisorBalanceRow, PayoutListPage } from "../../../../core/admin/payouts";
import { formatPaise } from "../../../../core/format";
import { PAYOUT_MESSAGES as M } from "../../../../core/messages/payouts";
import { Button } from "../../ui/button";
import { Badge } from "../../ui/card";
import { Input, Label } from "../../ui/input";
import { ListPages } from "./list-pages";
import { numTd, numTh, ScrollBox, Section } from "./payout-section";

/** What each advisor is owed and has been paid, with a search by name or e-mail. */
export function PayoutBalances({
  advisors,
  q,
}: {
  advisors: PayoutListPage<AdvisorBalanceRow>;
  q: string;
}) {
  return (
    <Section
      title={M.balancesTitle}
      intro={advisors.total === 1 ? "1 advisor" : `${advisors.total} advisors`}
    >
      <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
        <div className="grid min-w-0 flex-1 basis-60 gap-1.5">
          <Label htmlFor="payout-advisor-search">{M.searchAdvisors}</Label>
          <Input
            id="payout-advisor-search"
            name="q"
            type="search"
            placeholder="Name or e-mail"
            defaultValue={q}
            maxLength={100}
          />
        </div>
        <Button type="submit" variant="outline">
          <Search aria-hidden="true" /> Search
        </Button>
      </Form>
      {advisors.rows.length === 0 ? (
        <p className="text-sm text-muted">{q ? M.balancesNoMatch : M.balancesEmpty}</p>
      ) : (
        <ScrollBox label={M.balancesTable}>
          <table className="w-full min-w-[40rem] border-collapse text-left text-sm">
            <caption className="sr-only">{M.balancesCaption}</caption>
            <thead className="text-xs font-semibold tracking-wide text-muted uppercase">
              <tr className="border-b border-line">
                <th scope="col" className="px-3 py-2">
                  Advisor
                </th>
                <th scope="col" className={numTh}>
                  Pending
                </th>
                <th scope="col" className={numTh}>
                  Available
                </th>
                <th scope="col" className={numTh}>
                  Paid
                </th>
                <th scope="col" className="px-3 py-2">
                  Payout account
                </th>
              </tr>
            </thead>
            <tbody>
              {advisors.rows.map((a) => (
                <tr key={a.advisorId} className="border-b border-line last:border-0">
                  <th scope="row" className="max-w-40 px-3 py-2 text-left font-normal sm:max-w-64">
                    <p className="line-clamp-2 font-medium break-all">{a.name}</p>
                    <p className="truncate text-muted">{a.email}</p>
                  </th>
                  <td className={numTd}>{formatPaise(a.pending)}</td>
                  <td className={numTd}>{formatPaise(a.available)}</td>
                  <td className={numTd}>{formatPaise(a.paid)}</td>
                  <td className="px-3 py-2">
                    <Badge
                      tone={
                        a.accountStatus === "activated"
                          ? "brand"
                          : a.accountStatus === "needs_clarification"
                            ? "danger"
                            : a.accountStatus
                              ? "warning"
                              : "neutral"
                      }
                    >
                      {a.accountStatus ? M.accountStatus[a.accountStatus] : M.noAccount}
                    </Badge>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
      <ListPages list="advisors" label={M.balancesPages} page={advisors} />
    </Section>
  );
}

import { Download, Hourglass, Landmark, Printer, Wallet } from "lucide-react";
import { Form, Link } from "react-router";
import { type CacheHandle, NOT_KEPT } from "../../core/cache-contract";
import {
  monthChoices,
  STATEMENT_ZONE,
  statementMonth,
  statementPage,
  statementView,
} from "../../core/earnings";
import { formatPaise, formatShortDate } from "../../core/format";
import { EARNINGS_MESSAGES as M } from "../../core/messages/earnings";
import { requireAdvisor } from "../../server/auth/session.server";
import { loadEarnings, loadStatementPage } from "../../server/payouts/earnings.server";
import { StatTile } from "../components/dashboard/stat-tile";
import { PayoutAlerts } from "../components/earnings/payout-alerts";
import { StatementTable } from "../components/earnings/statement-table";
import { BackLink } from "../components/ui/back-link";
import { Button } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { Label, Select } from "../components/ui/input";
import { Pager } from "../components/ui/pager";
import type { Route } from "./+types/dashboard.earnings";

export function meta() {
  return [{ title: `${M.title} | BeenThere` }];
}

export const handle: CacheHandle = { cache: NOT_KEPT };

/** The signed-in advisor's own money: the advisor id comes from the session, never the URL. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { advisorId, timeZone } = await requireAdvisor(request, context);
  const zone = timeZone ?? STATEMENT_ZONE;
  const now = context.now();
  const { holdDays } = context.config.payouts;
  const params = new URL(request.url).searchParams;
  const month = statementMonth(params.get("month"), now);
  // One page of the month's rows: a busy month is thousands (the CSV and printout have them all).
  const [earnings, page] = await Promise.all([
    loadEarnings(context.db, advisorId, { now, holdDays }),
    loadStatementPage(context.db, advisorId, month, statementPage(params.get("page"))),
  ]);
  return {
    holdDays,
    balances: earnings.balances,
    account: earnings.account,
    failed: earnings.failedTransfers.map((t) =>
      (t.kind === "question" ? M.failedQuestionTransfer : M.failedTransfer)(
        formatShortDate(t.sessionAt, zone),
        formatPaise(t.amount),
        t.lastError,
      ),
    ),
    months: monthChoices(earnings.months, month),
    statement: statementView(month, page.rows, { holdDays, now, zone, totals: page.totals }),
    paging: { page: page.page, pageCount: page.pageCount, count: page.count },
  };
}

export default function EarningsPage({ loaderData }: Route.ComponentProps) {
  const { balances, statement, paging } = loaderData;
  const query = `?month=${statement.month}`;
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-8 px-4 py-8 sm:px-6 sm:py-10">
      <div className="grid gap-3">
        <BackLink to="/dashboard">Back to dashboard</BackLink>
        <h1 className="text-3xl font-bold tracking-tight">{M.title}</h1>
        <p className="text-muted">{M.intro}</p>
      </div>
      <PayoutAlerts account={loaderData.account} failed={loaderData.failed} />
      <div className="grid gap-4 sm:grid-cols-3">
        <StatTile
          icon={Hourglass}
          label={M.tiles.pending}
          value={formatPaise(balances.pending)}
          note={M.pendingNote(loaderData.holdDays)}
        />
        <StatTile
          icon={Wallet}
          label={M.tiles.available}
          value={formatPaise(balances.available)}
          note={M.availableNote}
        />
        <StatTile
          icon={Landmark}
          label={M.tiles.paid}
          value={formatPaise(balances.paid)}
          note={M.paidNote}
        />
      </div>
      <Card className="grid min-w-0 gap-5 p-4 sm:p-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="grid gap-1">
            <h2 className="text-xl font-semibold">{M.statementTitle}</h2>
            <p className="text-sm text-muted">{statement.monthName}</p>
          </div>
          {/* A plain GET form: the month is in the URL, and it works before hydration. */}
          <Form method="get" className="flex flex-wrap items-end gap-2">
            <div className="grid gap-1">
              <Label htmlFor="statement-month">{M.monthLabel}</Label>
              <Select
                id="statement-month"
                name="month"
                defaultValue={statement.month}
                key={statement.month}
                className="w-48"
              >
                {loaderData.months.map((m) => (
                  <option key={m.value} value={m.value}>
                    {m.label}
                  </option>
                ))}
              </Select>
            </div>
            <Button type="submit" variant="outline">
              {M.showMonth}
            </Button>
          </Form>
        </div>
        <div className="flex flex-wrap gap-3">
          <Button asChild variant="outline" size="sm">
            {/* A file, not a page: the browser downloads it. */}
            <a href={`/dashboard/earnings/statement.csv${query}`} download>
              <Download aria-hidden="true" /> {M.downloadCsv}
            </a>
          </Button>
          <Button asChild variant="outline" size="sm">
            <Link to={`/dashboard/earnings/statement${query}`}>
              <Printer aria-hidden="true" /> {M.printable}
            </Link>
          </Button>
        </div>
        <StatementTable
          view={statement}
          totalLabel={paging.pageCount > 1 ? M.monthTotal(paging.count) : undefined}
        />
        <Pager
          page={paging.page}
          pageCount={paging.pageCount}
          hrefFor={(page) => `${query}&page=${page}`}
        />
      </Card>
    </div>
  );
}

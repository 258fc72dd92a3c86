import { Printer } from "lucide-react";
import { type CacheHandle, NOT_KEPT } from "../../core/cache-contract";
import { STATEMENT_ZONE, statementMonth, statementView } from "../../core/earnings";
import { formatSessionDate, fullName } from "../../core/format";
import { EARNINGS_MESSAGES as M } from "../../core/messages/earnings";
import { requireAdvisor } from "../../server/auth/session.server";
import { loadStatement } from "../../server/payouts/earnings.server";
import { StatementTable } from "../components/earnings/statement-table";
import { COMPANY } from "../components/pages/company";
import { BackLink } from "../components/ui/back-link";
import { Button } from "../components/ui/button";
import type { Route } from "./+types/dashboard.earnings.statement";

export const meta = ({ data }: Route.MetaArgs) => [
  { title: `${data ? M.printableTitle(data.statement.monthName) : M.statementTitle} | BeenThere` },
];

export const handle: CacheHandle = { cache: NOT_KEPT };

/** The month's statement on a plain page, to print or save as PDF. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireAdvisor(request, context);
  const now = context.now();
  const month = statementMonth(new URL(request.url).searchParams.get("month"), now);
  const rows = await loadStatement(context.db, viewer.advisorId, month);
  const zone = viewer.timeZone ?? STATEMENT_ZONE;
  return {
    advisorName: fullName(viewer.firstName, viewer.lastName),
    printedOn: formatSessionDate(now, zone),
    statement: statementView(month, rows, { holdDays: context.config.payouts.holdDays, now, zone }),
  };
}

export default function PrintableStatement({ loaderData }: Route.ComponentProps) {
  const { statement } = loaderData;
  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-1 gap-6 px-4 py-8 sm:px-6 sm:py-12 print:max-w-none print:p-0">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <BackLink to={`/dashboard/earnings?month=${statement.month}`}>{M.backToEarnings}</BackLink>
        <Button variant="outline" onClick={() => window.print()}>
          <Printer aria-hidden="true" /> {M.print}
        </Button>
      </div>
      <article className="grid min-w-0 grid-cols-1 gap-6 rounded-xl border border-line bg-surface p-4 sm:p-8 print:border-0 print:p-0">
        <header className="grid gap-1">
          <h1 className="text-2xl font-bold">{M.printableTitle(statement.monthName)}</h1>
          <p className="font-semibold">{M.printedFor(loaderData.advisorName)}</p>
          <p className="text-sm text-muted">
            {COMPANY.legalName}, {COMPANY.address}
          </p>
          <p className="text-sm text-muted">Printed on {loaderData.printedOn}</p>
        </header>
        <StatementTable view={statement} printable />
      </article>
    </div>
  );
}

import { type CacheHandle, NOT_KEPT } from "../../core/cache-contract";
import { STATEMENT_ZONE, statementMonth } from "../../core/earnings";
import { statementCsv, statementFilename } from "../../core/statement-csv";
import { requireAdvisor } from "../../server/auth/session.server";
import { loadStatement } from "../../server/payouts/earnings.server";
import type { Route } from "./+types/dashboard.earnings.statement-csv";

/** The advisor's own figures: never kept, by us or on the way. */
export const handle: CacheHandle = { cache: NOT_KEPT };

/** GET /dashboard/earnings/statement.csv?month=YYYY-MM: the month's statement as a file. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { advisorId, timeZone } = await requireAdvisor(request, context);
  const now = context.now();
  const month = statementMonth(new URL(request.url).searchParams.get("month"), now);
  const rows = await loadStatement(context.db, advisorId, month);
  const zone = timeZone ?? STATEMENT_ZONE;
  return new Response(statementCsv(rows, context.config.payouts.holdDays, now, zone), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${statementFilename(month)}"`,
      "Cache-Control": "no-store",
    },
  });
}

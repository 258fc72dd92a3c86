import {
  AlertTriangle,
  Banknote,
  ChevronLeft,
  ChevronRight,
  Hourglass,
  RefreshCw,
  Search,
  Wallet,
} from "lucide-react";
import { type ReactNode, useEffect, useId } from "react";
import { data, Form, Link, useFetcher, useSearchParams } from "react-router";
import { adminSearchText, formObject } from "../../../core/admin/admin-forms";
import { payoutActionForm } from "../../../core/forms/admin";
import { type CacheHandle, NOT_KEPT } from "../../../core/cache-contract";
import { formatPaise } from "../../../core/format";
import { PAYOUT_MESSAGES as M } from "../../../core/messages/payouts";
import { requireAdmin } from "../../../server/auth/session.server";
import {
  type ListPage,
  loadPayoutsOverview,
  type PayoutList,
  retryTransfer,
  runReconciliation,
} from "../../../server/payouts/admin-payouts.server";
import { AdminPage, LoadError } from "../../components/admin/admin-page";
import { Table, Td, Th, THead, Tr } from "../../components/ui/table";
import { StatTile, TileGrid } from "../../components/dashboard/stat-tile";
import { Button, buttonVariants } from "../../components/ui/button";
import { Badge, Card } from "../../components/ui/card";
import { Input, Label } from "../../components/ui/input";
import { toast } from "../../components/ui/toaster";
import { cn } from "../../lib/cn";
import { CONNECTION_LOST, offlineSafe } from "../../lib/offline-safe";
import { readForm } from "../../lib/request-body";
import { EmailAddress } from "../../components/ui/email-address";
import type { Route } from "./+types/payouts";

export function meta() {
  return [{ title: "Payouts | BeenThere" }];
}

export const handle: CacheHandle = { cache: NOT_KEPT };

/** Each list's page is its own URL parameter (the key its links carry), so they page apart. */
const LISTS: readonly PayoutList[] = ["failed", "held", "advisors"];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const q = adminSearchText(params.get("q"));
  try {
    const overview = await loadPayoutsOverview(context.db, {
      holdDays: context.config.payouts.holdDays,
      now: context.now(),
      q,
      at: Object.fromEntries(LISTS.map((list) => [list, params.get(list)])),
    });
    return { q, ...overview };
  } catch (error) {
    context.logger.error({ err: error }, "could not load payouts");
    return { q, failed: true as const };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireAdmin(request, context);
  const parsed = payoutActionForm.safeParse(formObject(await readForm(request)));
  if (!parsed.success) return data({ ok: false as const, message: M.retryFailed }, 400);
  const who = { actorUserId: viewer.userId, requestId: context.requestId };
  if (parsed.data.intent === "reconcile") {
    try {
      const differences = await runReconciliation(context.db, {
        ...who,
        config: context.config,
        now: context.now,
      });
      return {
        ok: true as const,
        message: differences.length === 0 ? M.ranClean : M.ranDifferences(differences.length),
      };
    } catch (error) {
      context.logger.error({ err: error }, "could not run the reconciliation");
      return data({ ok: false as const, message: M.runFailed }, 500);
    }
  }
  try {
    const result = await retryTransfer(context.db, {
      ...who,
      transferId: parsed.data.transferId,
      now: context.now(),
    });
    if (!result.ok) return data({ ok: false as const, message: result.message }, result.status);
    return { ok: true as const, message: result.message };
  } catch (error) {
    context.logger.error({ err: error }, "could not retry a transfer");
    return data({ ok: false as const, message: M.retryFailed }, 500);
  }
}

export function clientAction({ serverAction }: Route.ClientActionArgs) {
  return offlineSafe(serverAction, { ok: false as const, message: CONNECTION_LOST });
}

type Overview = Exclude<Route.ComponentProps["loaderData"], { failed: true }>;

const when = new Intl.DateTimeFormat("en-IN", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Asia/Kolkata",
});
const day = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeZone: "Asia/Kolkata" });
const monthName = new Intl.DateTimeFormat("en-IN", {
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});
/** "2026-11" → "November 2026". */
const monthLabel = (month: string) => monthName.format(new Date(`${month}-01T00:00:00Z`));

function Time({ at, format = when }: { at: Date | string; format?: Intl.DateTimeFormat }) {
  const date = new Date(at);
  return <time dateTime={date.toISOString()}>{format.format(date)}</time>;
}

/** The result of a fetcher's post, as a toast. */
function useToastAnswer(answer: { ok: boolean; message: string } | undefined, title: string) {
  useEffect(() => {
    if (!answer) return;
    if (answer.ok) toast.success(answer.message);
    else toast.error(title, { description: answer.message });
  }, [answer, title]);
}

export default function AdminPayouts({ loaderData }: Route.ComponentProps) {
  if ("failed" in loaderData) {
    return (
      <AdminPage title={M.title} description={M.description}>
        <LoadError message={M.fetchFailed} />
      </AdminPage>
    );
  }
  const { summary } = loaderData;
  return (
    <AdminPage title={M.title} description={M.description}>
      <TileGrid>
        <StatTile
          icon={Wallet}
          label={M.owed}
          value={formatPaise(summary.owed)}
          note={M.owedNote}
        />
        <StatTile
          icon={Hourglass}
          label={M.onHold}
          value={formatPaise(summary.onHold)}
          note={M.onHoldNote(summary.onHoldCount)}
        />
        <StatTile icon={AlertTriangle} label={M.failed} value={summary.failedCount} />
        <StatTile icon={Banknote} label={M.paidOut} value={formatPaise(summary.paid)} />
      </TileGrid>
      <Months months={loaderData.months} />
      <FailedTransfers failed={loaderData.failedTransfers} />
      <HeldTransfers held={loaderData.heldTransfers} holdDays={loaderData.holdDays} />
      <Balances overview={loaderData} />
      <LastRun run={loaderData.lastRun} />
    </AdminPage>
  );
}

function Section({
  title,
  intro,
  actions,
  children,
}: {
  title: string;
  intro?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="min-w-0">
      <Card className="grid min-w-0 gap-4 p-4 sm:p-6">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="min-w-0">
            <h2 id={id} className="text-lg font-semibold">
              {title}
            </h2>
            {intro ? <p className="mt-1 text-sm text-muted">{intro}</p> : null}
          </div>
          {actions}
        </div>
        {children}
      </Card>
    </section>
  );
}

/**
 * A wide table of figures: scrolls sideways inside its own box on a phone, so the page never
 * does. The box can take focus, so a keyboard can scroll it too.
 */
function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="relative min-w-0 overflow-x-auto rounded-md focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      {children}
    </div>
  );
}

const numTh = "px-3 py-2 text-right whitespace-nowrap";
const numTd = "px-3 py-2 text-right tabular-nums whitespace-nowrap";

function Months({ months }: { months: Overview["months"] }) {
  return (
    <Section title={M.monthsTitle} intro={M.monthsIntro}>
      {months.length === 0 ? (
        <p className="text-sm text-muted">{M.monthsEmpty}</p>
      ) : (
        <ScrollBox label={M.monthsTable}>
          <table className="w-full min-w-[44rem] border-collapse text-left text-sm">
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

/** A cell's column name, shown only where the table stacks into cards (phones). */
function PhoneLabel({ children }: { children: ReactNode }) {
  return <span className="text-muted md:hidden">{children} </span>;
}

function Showing({ shown, total }: { shown: number; total: number }) {
  return shown < total ? <p className="text-sm text-muted">{M.showing(shown, total)}</p> : null;
}

/**
 * A list's Previous and Next links and where it is. Each list pages on its own URL parameter;
 * a link keeps the others' (and the search) as they are, and the page where it was scrolled.
 */
function ListPages({
  list,
  label,
  page,
}: {
  list: PayoutList;
  label: string;
  page: ListPage<unknown>;
}) {
  const [params] = useSearchParams();
  if (page.pageCount <= 1) return null;
  const link = (key: string | null, rel: "prev" | "next", content: ReactNode) => {
    const look = buttonVariants({ variant: "outline", size: "sm" });
    if (key === null) {
      return (
        <span aria-disabled="true" className={cn(look, "pointer-events-none opacity-50")}>
          {content}
        </span>
      );
    }
    const target = new URLSearchParams(params);
    target.set(list, key);
    return (
      <Link to={`?${target}`} rel={rel} preventScrollReset className={look}>
        {content}
      </Link>
    );
  };
  return (
    <nav aria-label={label} className="flex items-center justify-center gap-3">
      {link(
        page.keys.previous,
        "prev",
        <>
          <ChevronLeft aria-hidden="true" /> Previous
        </>,
      )}
      <span className="text-sm text-muted">{M.pageOf(page.page, page.pageCount)}</span>
      {link(
        page.keys.next,
        "next",
        <>
          Next <ChevronRight aria-hidden="true" />
        </>,
      )}
    </nav>
  );
}

/** A list of transfers: its empty line, its table (stacked on phones) and its pages. */
function TransferList({
  list,
  title,
  empty,
  caption,
  pagesLabel,
  headings,
  page,
  children,
}: {
  list: PayoutList;
  title: string;
  empty: string;
  caption: string;
  pagesLabel: string;
  headings: ReactNode;
  page: ListPage<unknown>;
  children: ReactNode;
}) {
  return (
    <Section title={title}>
      {page.rows.length === 0 ? (
        <p className="text-sm text-muted">{empty}</p>
      ) : (
        <>
          <Table>
            <caption className="sr-only">{caption}</caption>
            <THead>
              <tr>{headings}</tr>
            </THead>
            <tbody>{children}</tbody>
          </Table>
          <ListPages list={list} label={pagesLabel} page={page} />
        </>
      )}
    </Section>
  );
}

function FailedTransfers({ failed }: { failed: Overview["failedTransfers"] }) {
  return (
    <TransferList
      list="failed"
      title={M.failedTitle}
      empty={M.failedEmpty}
      caption={M.failedCaption}
      pagesLabel={M.failedPages}
      page={failed}
      headings={
        <>
          <Th>Advisor</Th>
          <Th>Session</Th>
          <Th className="text-right">Amount</Th>
          <Th>Reason</Th>
          <Th>
            <span className="sr-only">Action</span>
          </Th>
        </>
      }
    >
      {failed.rows.map((transfer) => (
        <FailedRow key={transfer.id} transfer={transfer} />
      ))}
    </TransferList>
  );
}

function FailedRow({ transfer }: { transfer: Overview["failedTransfers"]["rows"][number] }) {
  const fetcher = useFetcher<typeof action>();
  const busy = fetcher.state !== "idle";
  useToastAnswer(fetcher.data, M.retryFailed);
  return (
    <Tr data-testid="failed-transfer">
      <Td className="max-md:w-full">
        <p className="font-medium break-words">{transfer.advisorName}</p>
        <p className="text-muted">
          <EmailAddress email={transfer.advisorEmail} />
        </p>
        <p className="text-xs text-muted">
          {transfer.accountStatus ? M.accountStatus[transfer.accountStatus] : M.noAccount}
        </p>
      </Td>
      <Td className="whitespace-nowrap">
        <PhoneLabel>Session</PhoneLabel>
        <Time at={transfer.sessionAt} />
      </Td>
      <Td className="text-right font-semibold whitespace-nowrap tabular-nums">
        {formatPaise(transfer.amount)}
      </Td>
      <Td className="break-words text-red-800 max-md:w-full">
        {transfer.lastError ?? "—"}
        <p className="text-xs text-muted">
          Failed <Time at={transfer.failedAt} />
        </p>
      </Td>
      <Td className="text-right max-md:w-full max-md:text-left">
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="retry" />
          <input type="hidden" name="transferId" value={transfer.id} />
          <Button
            type="submit"
            size="sm"
            disabled={busy}
            aria-label={M.retryLabel(transfer.advisorName)}
          >
            <RefreshCw aria-hidden="true" /> {M.retry}
          </Button>
        </fetcher.Form>
      </Td>
    </Tr>
  );
}

function HeldTransfers({ held, holdDays }: { held: Overview["heldTransfers"]; holdDays: number }) {
  return (
    <TransferList
      list="held"
      title={M.onHoldTitle}
      empty={M.onHoldEmpty}
      caption={M.onHoldCaption}
      pagesLabel={M.onHoldPages}
      page={held}
      headings={
        <>
          <Th>Advisor</Th>
          <Th>Session</Th>
          <Th className="text-right">Amount</Th>
          <Th>Release</Th>
        </>
      }
    >
      {held.rows.map((transfer) => (
        <Tr key={transfer.id}>
          <Td className="font-medium break-words max-md:w-full">{transfer.advisorName}</Td>
          <Td className="whitespace-nowrap">
            <PhoneLabel>Session</PhoneLabel>
            <Time at={transfer.sessionAt} />
          </Td>
          <Td className="text-right font-semibold whitespace-nowrap tabular-nums">
            {formatPaise(transfer.amount)}
          </Td>
          <Td className="text-muted max-md:w-full">
            <PhoneLabel>Release</PhoneLabel>
            {transfer.releaseAt ? (
              <Time at={transfer.releaseAt} format={day} />
            ) : (
              M.afterSession(holdDays)
            )}
          </Td>
        </Tr>
      ))}
    </TransferList>
  );
}

function Balances({ overview }: { overview: Overview }) {
  const { advisors, q } = overview;
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

function LastRun({ run }: { run: Overview["lastRun"] }) {
  const fetcher = useFetcher<typeof action>();
  const busy = fetcher.state !== "idle";
  useToastAnswer(fetcher.data, M.runFailed);
  return (
    <Section
      title={M.runTitle}
      actions={
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="reconcile" />
          <Button type="submit" variant="outline" disabled={busy}>
            <RefreshCw aria-hidden="true" /> {busy ? M.running : M.runNow}
          </Button>
        </fetcher.Form>
      }
    >
      {run === null ? (
        <p className="text-sm text-muted">{M.runNever}</p>
      ) : (
        <div className="grid gap-3 text-sm">
          <p>
            Ran <Time at={run.ranAt} />:{" "}
            {run.differences.length === 0 ? (
              <span className="text-muted">{M.runClean}</span>
            ) : (
              <span className="font-semibold text-red-800">
                {M.runDifferences(run.differences.length)}
              </span>
            )}
          </p>
          {run.differences.length > 0 ? (
            <>
              <ul className="grid gap-2" data-testid="run-differences">
                {run.differences.slice(0, 50).map((d, i) => (
                  <li key={i} className="rounded-md bg-red-50 px-3 py-2 break-words text-red-900">
                    <span className="font-medium">{d.check}</span> ·{" "}
                    <span className="break-all">{d.ref}</span>: {d.detail}
                  </li>
                ))}
              </ul>
              <Showing
                shown={Math.min(50, run.differences.length)}
                total={run.differences.length}
              />
            </>
          ) : null}
        </div>
      )}
    </Section>
  );
}

import { data, Form, Link, redirect, useNavigation } from "react-router";
import { type CacheHandle, NOT_KEPT } from "../../../core/cache-contract";
import { formatPaise, formatSessionDate, formatSessionTime } from "../../../core/format";
import { PURCHASE_MESSAGES as M } from "../../../core/messages/package-purchases";
import { PURCHASE_STATUS_LABELS, sessionOfText, sessionsLeftText } from "../../../core/packages";
import { endPurchaseBy } from "../../../server/packages/purchases.server";
import { BackLink } from "../../components/ui/back-link";
import { Button } from "../../components/ui/button";
import { Badge, Card } from "../../components/ui/card";
import { flashCookie } from "../../lib/flash";
import { viewedPurchase } from "../../lib/package-view.server";
import { readForm } from "../../lib/request-body";
import type { Route } from "./+types/package";

export const meta = () => [{ title: "Your package | BeenThere" }];

export const handle: CacheHandle = { cache: NOT_KEPT };

/** India's zone for a reader who has not chosen one: the package's dates are India's days. */
const DEFAULT_ZONE = "Asia/Kolkata";

/** The seeker's, its advisor's or an admin's view of one bought package; others get 404. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { viewer, view } = await viewedPurchase(request, params.purchaseId, context);
  return { view, zone: viewer.timeZone ?? DEFAULT_ZONE, isAdmin: viewer.roles.includes("admin") };
}

/** Ending it: the seeker cancels, its advisor (or an admin) withdraws. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const { viewer, view } = await viewedPurchase(request, params.purchaseId, context);
  const intent = form.get("intent");
  if (intent !== "cancel" && intent !== "withdraw")
    return data({ ok: false as const, message: M.unknownAction }, { status: 400 });
  const by =
    intent === "cancel" && view.isSeeker
      ? "seeker"
      : intent === "withdraw" && view.isAdvisor
        ? "advisor"
        : intent === "withdraw" && viewer.roles.includes("admin")
          ? "admin"
          : null;
  if (!by) return data({ ok: false as const, message: M.notAllowed }, { status: 403 });
  const result = await endPurchaseBy(
    { db: context.db, events: context.events, now: context.now, config: context.config },
    { purchaseId: view.summary.id, by, userId: viewer.userId, requestId: context.requestId },
  );
  if (!result.ok)
    return data({ ok: false as const, message: result.message }, { status: result.status });
  const title = by === "seeker" ? M.cancelledToast : M.withdrawnToast;
  const description =
    result.refundPaise > 0 ? M.refundSentence(formatPaise(result.refundPaise)) : undefined;
  throw redirect(`/packages/${view.summary.id}`, {
    headers: { "Set-Cookie": flashCookie({ title, description }) },
  });
}

function sessionState(s: { status: string; returned: boolean }): string {
  if (s.status === "confirmed") return "Booked";
  if (s.status === "completed") return s.returned ? "Advisor absent: back in the package" : "Held";
  if (s.status === "cancelled")
    return s.returned ? "Cancelled: back in the package" : "Cancelled late: used";
  return "Not booked";
}

export default function PackagePage({ loaderData, actionData }: Route.ComponentProps) {
  const { view, zone, isAdmin } = loaderData;
  const { summary } = view;
  const active = summary.status === "active";
  const left = summary.sessions - summary.taken;
  const busy = useNavigation().state !== "idle";
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <BackLink to="/packages">Back to packages</BackLink>
      <header className="grid gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="min-w-0 text-2xl font-bold wrap-anywhere sm:text-3xl">{summary.name}</h1>
          <Badge tone={active ? "brand" : "neutral"}>
            {PURCHASE_STATUS_LABELS[summary.status]}
          </Badge>
        </div>
        <p className="wrap-anywhere text-muted">
          {view.isAdvisor ? `Bought by ${summary.seekerName}` : `With ${summary.advisorName}`} ·{" "}
          {summary.sessions} sessions of {summary.duration} minutes
        </p>
      </header>

      <Card className="grid gap-3 p-6">
        <dl className="grid gap-2 text-sm sm:grid-cols-[12rem_1fr]">
          <dt className="text-muted">Sessions</dt>
          <dd className="font-medium">{sessionsLeftText(summary.sessions, summary.taken)}</dd>
          {summary.expiresAt ? (
            <>
              <dt className="text-muted">{active ? "Book sessions before" : "Valid until"}</dt>
              <dd className="font-medium">
                {formatSessionDate(new Date(summary.expiresAt), zone)}
              </dd>
            </>
          ) : null}
          <dt className="text-muted">Paid</dt>
          <dd className="font-medium">
            {formatPaise(view.payment.amount)} (incl. GST) ·{" "}
            <Link to={`/packages/${summary.id}/receipt`} className="underline">
              Receipt
            </Link>
          </dd>
          {view.refund ? (
            <>
              <dt className="text-muted">Refunded</dt>
              <dd className="font-medium">
                {formatPaise(view.refund.amount)} for the unused sessions
              </dd>
            </>
          ) : null}
        </dl>
        {active && view.isSeeker && left > 0 ? (
          <Button asChild className="justify-self-start">
            <Link to={`/advisor/${summary.advisorId}`}>
              Book {sessionOfText(summary.taken + 1, summary.sessions)}
            </Link>
          </Button>
        ) : null}
      </Card>

      <section aria-labelledby="package-sessions" className="grid gap-3">
        <h2 id="package-sessions" className="text-lg font-semibold">
          Sessions
        </h2>
        {view.sessions.length === 0 ? (
          <p className="text-sm text-muted">No session of this package is booked yet.</p>
        ) : (
          <ol className="grid gap-2">
            {view.sessions.map((s) => (
              <li
                key={s.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-line p-3 text-sm"
              >
                <span>{formatSessionTime(new Date(s.datetime), zone)}</span>
                <span className="text-muted">{sessionState(s)}</span>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby="package-rules" className="grid gap-2">
        <h2 id="package-rules" className="text-lg font-semibold">
          How a package works
        </h2>
        <ul className="grid list-disc gap-1 pl-5 text-sm text-muted">
          {M.rules.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
      </section>

      {active && (view.isSeeker || view.isAdvisor || isAdmin) ? (
        <Card className="grid gap-3 p-6">
          <h2 className="text-lg font-semibold">
            {view.isSeeker ? "Cancel this package" : "Withdraw this package"}
          </h2>
          <p className="text-sm text-muted">
            {M.endPreview({ ...view.ifEnded, refund: formatPaise(view.ifEnded.refund) })}
          </p>
          {actionData && !actionData.ok ? (
            <p role="alert" className="text-sm font-medium text-danger">
              {actionData.message}
            </p>
          ) : null}
          <Form method="post" className="justify-self-start">
            <input type="hidden" name="intent" value={view.isSeeker ? "cancel" : "withdraw"} />
            <Button type="submit" variant="outline" disabled={busy}>
              {view.isSeeker ? "Cancel package" : "Withdraw package"}
            </Button>
          </Form>
        </Card>
      ) : null}
    </div>
  );
}

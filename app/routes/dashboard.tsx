import { data, Form, Link } from "react-router";
import { isUuid } from "../../core/ids";
import { SESSION_MESSAGES } from "../../core/messages/sessions";
import { validateForm } from "../../core/form";
import { cancelFormSchema, reviewSchema } from "../../core/forms/sessions";
import { actorOf } from "../../server/bookings/actor";
import { cancelSession } from "../../server/bookings/cancel.server";
import { loadDashboard } from "../../server/bookings/dashboard-page.server";
import { rescheduleSession } from "../../server/bookings/reschedule.server";
import { submitReview } from "../../server/bookings/review.server";
import {
  disputeNoShow,
  noShowsOf,
  noShowsPerMonth,
  reportNoShow,
} from "../../server/no-shows/no-shows.server";
import { noShowNoteSchema } from "../../core/forms/no-shows";
import { hasSignedInBefore, requireViewer } from "../../server/auth/session.server";
import { dashboardGreeting } from "../../core/dashboard";
import { AdminView } from "../components/dashboard/admin-view";
import { ActivePackages } from "../components/packages/active-packages";
import { purchasesOf } from "../../server/packages/package-pages.server";
import { OpenQuestions } from "../components/questions/open-questions";
import { openQuestions } from "../../server/questions/question-pages.server";
import { ReminderDelivery } from "../components/dashboard/reminder-delivery";
import { reminderDelivery } from "../../server/channels/delivery-stats.server";
import { AdvisorView } from "../components/dashboard/advisor-view";
import { SeekerView } from "../components/dashboard/seeker-view";
import { RoleSwitcher } from "../components/layout/role-switcher";
import { SessionsList } from "../components/sessions/sessions-list";
import type { SessionActionResult } from "../components/sessions/session-view";
import { Button } from "../components/ui/button";
import { parseForm } from "../lib/forms";
import { readForm } from "../lib/request-body";
import { useViewer } from "../lib/viewer";
import type { Route } from "./+types/dashboard";
import { type CacheHandle, NOT_KEPT } from "../../core/cache-contract";

export function meta() {
  return [{ title: "Dashboard | BeenThere" }];
}

export const handle: CacheHandle = { cache: NOT_KEPT };

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context);
  const params = new URL(request.url).searchParams;
  const now = context.now();
  const [page, returning] = await Promise.all([
    loadDashboard(context.db, viewer, params, now, context.logger),
    hasSignedInBefore(context.db, viewer),
  ]);
  const admin = viewer.role === "admin";
  const shown = [...(page.sessions?.rows ?? []), ...(page.focus ? [page.focus] : [])];
  // The admin's view also shows how reminders reached people and no-shows per month (issue
  // 41); the others see where their shown sessions' no-show reports stand.
  const [reminders, noShowMonths, noShows, packages, questions] = await Promise.all([
    admin ? reminderDelivery(context.db, now) : null,
    admin ? noShowsPerMonth(context.db, now) : null,
    admin
      ? {}
      : noShowsOf(
          context.db,
          shown.map((row) => row.id),
          { userId: viewer.userId, advisorId: viewer.advisorId },
          now,
        ),
    // Packages in use: their sessions left and expiry (issue 40).
    admin
      ? []
      : purchasesOf(
          context.db,
          viewer.role === "advisor" && viewer.advisorId
            ? { advisorId: viewer.advisorId }
            : { userId: viewer.userId },
        ).then((all) => all.filter((p) => p.status === "active")),
    // Paid questions waiting for an answer, soonest due first (issue 40).
    admin
      ? []
      : openQuestions(
          context.db,
          viewer.role === "advisor" && viewer.advisorId
            ? { advisorId: viewer.advisorId }
            : { userId: viewer.userId },
        ),
  ]);
  const action = params.get("action");
  const focusAction: "reschedule" | "cancel" | null =
    action === "reschedule" || action === "cancel" ? action : null;
  return {
    ...page,
    greeting: dashboardGreeting(viewer.firstName, returning),
    role: viewer.role,
    isAdmin: viewer.roles.includes("admin"),
    advisorId: viewer.advisorId,
    supportEmail: context.config.supportEmail,
    now: now.toISOString(),
    focusAction,
    reminders,
    noShows,
    noShowMonths,
    packages,
    questions,
    zone: viewer.timeZone ?? "Asia/Kolkata",
  };
}

/** Reschedule, cancel and review: the session's services decide, the page only relays. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer(request, context);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const bookingId = String(form.get("bookingId") ?? "");
  const reply = (result: SessionActionResult, status = 200) => data(result, { status });
  const known = ["reschedule", "cancel", "review", "no-show-report", "no-show-dispute"];
  if (!known.includes(intent)) {
    return reply({ intent, ok: false, code: "invalid", message: "Unknown action" }, 400);
  }
  if (!isUuid(bookingId)) {
    return reply({ intent, ok: false, code: "not-found", message: SESSION_MESSAGES.notFound }, 404);
  }
  const actor = actorOf(viewer);
  const deps = {
    actor,
    bookingId,
    now: context.now(),
    config: context.config,
    events: context.events,
    ownCalendars: context.ownCalendars,
  };

  if (intent === "no-show-report" || intent === "no-show-dispute") {
    // A party's no-show report or dispute: the no-shows service decides the window (issue 41).
    const parsed = await parseForm(form, noShowNoteSchema);
    if (!parsed.success) return invalid(intent, parsed.fieldErrors);
    const act = intent === "no-show-report" ? reportNoShow : disputeNoShow;
    const result = await act(context.db, {
      viewer: { userId: viewer.userId, advisorId: viewer.advisorId },
      bookingId,
      note: parsed.data.note,
      now: deps.now,
      config: context.config,
      events: context.events,
    });
    if (result.ok) return reply({ intent, ok: true });
    const code = result.status === 404 ? "not-found" : "conflict";
    return reply({ intent, ok: false, code, message: result.message }, result.status);
  }
  if (intent === "reschedule") {
    const newStart = new Date(String(form.get("start") ?? ""));
    if (Number.isNaN(newStart.getTime())) {
      const message = SESSION_MESSAGES.newTimeRequired;
      return reply({ intent, ok: false, code: "invalid", message }, 400);
    }
    const result = await rescheduleSession(context.db, { ...deps, newStart });
    if (result.ok) return reply({ intent, ok: true, warning: result.warning });
    return reply(
      { intent, ok: false, ...failure(result) },
      result.code === "not-found" ? 404 : 409,
    );
  }
  if (intent === "cancel") {
    const parsed = await parseForm(form, cancelFormSchema);
    if (!parsed.success) return invalid(intent, parsed.fieldErrors);
    const result = await cancelSession(context.db, { ...deps, reason: parsed.data.reason });
    if (result.ok)
      return reply({
        intent,
        ok: true,
        refundPaise: result.refundPaise,
        warning: result.warning,
      });
    return reply(
      { intent, ok: false, ...failure(result) },
      result.code === "not-found" ? 404 : 409,
    );
  }
  // What is left is a review.
  const review = validateForm(reviewSchema, Object.fromEntries(form));
  if (!review.success) return invalid(intent, review.fieldErrors);
  const result = await submitReview(context.db, { actor, bookingId, review: review.data });
  if (result.ok) return reply({ intent, ok: true });
  return reply(
    { intent, ok: false, code: result.code, message: result.message },
    result.code === "not-found" ? 404 : 409,
  );
}

/** A form that did not pass: the first message is the answer's, each field's goes beside it. */
function invalid(intent: string, fieldErrors: Record<string, string | undefined>) {
  const message = Object.values(fieldErrors).find(Boolean);
  return data(
    { intent, ok: false, code: "invalid", message, fieldErrors } satisfies SessionActionResult,
    { status: 400 },
  );
}

function failure(result: { code: string; message: string; hoursRemaining?: number }) {
  return { code: result.code, message: result.message, hoursRemaining: result.hoursRemaining };
}

/** The role dashboards: the view follows the role chosen in the switcher. */
export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const viewer = useViewer();
  const { stats, sessions, focus, focusAction, tab } = loaderData;
  const list = (
    <SessionsList
      sessions={sessions}
      tab={tab}
      role={loaderData.role}
      isAdmin={loaderData.isAdmin}
      supportEmail={loaderData.supportEmail}
      serverNow={loaderData.now}
      focus={focus}
      focusAction={focusAction}
      noShows={loaderData.noShows}
    />
  );
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-8 px-4 py-10 sm:px-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-3xl font-bold tracking-tight">{loaderData.greeting}</h1>
          <nav aria-label="Dashboard" className="flex gap-4 text-sm">
            <Link to="/" className="text-brand-700 underline-offset-4 hover:underline">
              Home
            </Link>
            <Link to="/contact" className="text-brand-700 underline-offset-4 hover:underline">
              Contact
            </Link>
            {stats.role === "advisor" && stats.advisor ? (
              <Link
                to="/dashboard/earnings"
                className="text-brand-700 underline-offset-4 hover:underline"
              >
                Earnings
              </Link>
            ) : null}
          </nav>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          {viewer ? <RoleSwitcher viewer={viewer} /> : null}
          <Form method="post" action="/auth/logout">
            <Button type="submit" variant="outline" size="sm">
              Sign Out
            </Button>
          </Form>
        </div>
      </header>
      {stats.role === "admin" ? (
        <>
          <AdminView stats={stats.admin} noShows={loaderData.noShowMonths}>
            {list}
          </AdminView>
          {loaderData.reminders ? <ReminderDelivery rows={loaderData.reminders} /> : null}
        </>
      ) : stats.role === "advisor" ? (
        <AdvisorView stats={stats.advisor}>
          <div className="grid gap-8">
            <ActivePackages packages={loaderData.packages} side="advisor" zone={loaderData.zone} />
            <OpenQuestions questions={loaderData.questions} side="advisor" zone={loaderData.zone} />
            {list}
          </div>
        </AdvisorView>
      ) : (
        <SeekerView stats={stats.seeker}>
          <div className="grid gap-8">
            <ActivePackages packages={loaderData.packages} side="seeker" zone={loaderData.zone} />
            <OpenQuestions questions={loaderData.questions} side="seeker" zone={loaderData.zone} />
            {list}
          </div>
        </SeekerView>
      )}
    </div>
  );
}

import { data, redirect } from "react-router";
import { emptyApplication } from "../../core/advisor-application";
import { APPLICATION_MESSAGES as M } from "../../core/messages/advisor";
import {
  deleteDraft,
  loadApplication,
  saveDraft,
  submitApplication,
} from "../../server/advisors/application.server";
import { requireViewer } from "../../server/auth/session.server";
import { defaultScheduleFor } from "../../server/scheduling/schedule.server";
import { AlreadyAdvisor } from "../components/advisor/already-advisor";
import { ApplicationWizard, type SubmitAnswer } from "../components/advisor/application-wizard";
import { flashCookie } from "../lib/flash";
import { readJson } from "../lib/request-body";
import type { Route } from "./+types/become-advisor.apply";
import { type CacheHandle, NOT_KEPT } from "../../core/cache-contract";
import { revalidateUnlessQueryOnly } from "../lib/client-state";

export function meta() {
  return [{ title: "Become An Advisor | BeenThere" }];
}

export const handle: CacheHandle = { cache: NOT_KEPT };

/** The wizard's step in the URL is the browser's own (ADR 72): the draft need not reload. */
export const shouldRevalidate = revalidateUnlessQueryOnly;

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context);
  const state = await loadApplication(context.db, viewer.userId);
  if (state.kind === "advisor") return { kind: "advisor" as const };
  return {
    kind: "open" as const,
    email: viewer.email,
    draft: state.draft,
    headshotUrl: state.headshotUrl,
    blank: emptyApplication(
      { firstName: viewer.firstName, lastName: viewer.lastName },
      // The browser's own zone replaces this default once the page runs there.
      defaultScheduleFor({}),
    ),
  };
}

/** JSON posts from the wizard: `save` (autosave), `start-over` and `submit`. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer(request, context);
  const body = await readJson(request);
  const intent = body && typeof body === "object" ? (body as { intent?: unknown }).intent : null;
  const input = body as { draft?: unknown; values?: unknown };
  if (intent === "save") {
    const saved = await saveDraft(context.db, viewer.userId, input.draft);
    return saved.ok ? { ok: true as const } : data(deny(), { status: 403 });
  }
  if (intent === "start-over") {
    await deleteDraft(context.db, context.storage, viewer.userId, (err, key) =>
      context.logger.warn({ err, key }, "could not remove a draft's headshot"),
    );
    return { ok: true as const };
  }
  if (intent !== "submit") return data({ ok: false, message: "Bad request" }, { status: 400 });

  const result = await submitApplication(context.db, {
    userId: viewer.userId,
    values: input.values,
    appUrl: context.config.appUrl,
  });
  if (result.ok) {
    context.logger.info({ advisorId: result.advisorId }, "advisor application submitted");
    throw redirect("/dashboard", {
      headers: { "Set-Cookie": flashCookie({ title: M.submittedTitle, description: M.submitted }) },
    });
  }
  if (result.kind === "failed") context.logger.error({ err: result.cause }, "submission failed");
  const answer: SubmitAnswer = {
    ok: false,
    title: result.title,
    message: result.message,
    ...(result.kind === "invalid" ? { step: result.step, fieldErrors: result.fieldErrors } : {}),
  };
  const status = result.kind === "invalid" ? 400 : result.kind === "advisor" ? 403 : 500;
  return data(answer, { status });
}

function deny(): SubmitAnswer {
  return { ok: false, title: M.accessDeniedTitle, message: M.accessDenied };
}

export default function Apply({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "advisor") return <AlreadyAdvisor />;
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-bold">Become An Advisor</h1>
      <p className="mt-2 mb-8 text-muted">
        Five short steps. Your progress is saved as you type, so you can stop and continue later on
        any device.
      </p>
      <ApplicationWizard
        email={loaderData.email}
        draft={loaderData.draft}
        headshotUrl={loaderData.headshotUrl}
        blank={loaderData.blank}
      />
    </div>
  );
}

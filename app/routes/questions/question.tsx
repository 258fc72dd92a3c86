import { FileText } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { type CacheHandle, NOT_KEPT } from "../../../core/cache-contract";
import { validateForm } from "../../../core/form";
import { formatPaise } from "../../../core/format";
import { reviewSchema } from "../../../core/forms/sessions";
import { QUESTION_MESSAGES as M } from "../../../core/messages/questions";
import { saleDeps } from "../../../server/payments/sale-deps.server";
import { markAnswered, rateQuestion } from "../../../server/questions/questions.server";
import { MessageText } from "../../components/messages/message-text";
import { QuestionRating } from "../../components/questions/question-rating";
import { questionStatusLine } from "../../components/questions/question-status";
import { BackLink } from "../../components/ui/back-link";
import { Button } from "../../components/ui/button";
import { Badge, Card } from "../../components/ui/card";
import { flashCookie } from "../../lib/flash";
import { viewedQuestion } from "../../lib/question-view.server";
import { readForm } from "../../lib/request-body";
import type { Route } from "./+types/question";

export const meta = () => [{ title: "Your question | BeenThere" }];

export const handle: CacheHandle = { cache: NOT_KEPT };

/** The seeker's or its advisor's view of one paid question; anyone else gets 404. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { viewer, view } = await viewedQuestion(request, params.questionId, context);
  return { view, zone: viewer.timeZone ?? "Asia/Kolkata" };
}

/** The advisor marks it answered; the seeker rates the answer. The services decide. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const { viewer, view } = await viewedQuestion(request, params.questionId, context);
  const intent = form.get("intent");
  const id = view.summary.id;
  const done = (title: string) =>
    redirect(`/questions/${id}`, { headers: { "Set-Cookie": flashCookie({ title }) } });
  if (intent === "answered") {
    if (!view.isAdvisor) return data({ ok: false as const, message: M.notOpen }, { status: 403 });
    const result = await markAnswered(saleDeps(context), { questionId: id, userId: viewer.userId });
    if (!result.ok)
      return data({ ok: false as const, message: result.message }, { status: result.status });
    throw done(M.answeredToast);
  }
  if (intent === "rate") {
    if (!view.isSeeker)
      return data({ ok: false as const, message: M.rateNotAllowed }, { status: 403 });
    const review = validateForm(reviewSchema, Object.fromEntries(form));
    if (!review.success) {
      const message = Object.values(review.fieldErrors).find(Boolean) ?? M.rateNotAllowed;
      return data(
        { ok: false as const, message, fieldErrors: review.fieldErrors },
        { status: 400 },
      );
    }
    const result = await rateQuestion(context.db, {
      questionId: id,
      userId: viewer.userId,
      review: review.data,
      now: context.now(),
    });
    if (!result.ok)
      return data({ ok: false as const, message: result.message }, { status: result.status });
    throw done(M.ratedToast);
  }
  return data({ ok: false as const, message: M.unknownAction }, { status: 400 });
}

export default function QuestionPage({ loaderData, actionData }: Route.ComponentProps) {
  const { view, zone } = loaderData;
  const { summary } = view;
  const busy = useNavigation().state !== "idle";
  const open = summary.status === "open";
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <BackLink to="/questions">Back to questions</BackLink>
      <header className="grid gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="min-w-0 text-2xl font-bold wrap-anywhere sm:text-3xl">
            {view.isAdvisor
              ? `Question from ${summary.seekerName}`
              : `Question to ${summary.advisorName}`}
          </h1>
          <Badge tone={open ? "brand" : "neutral"}>{M.status[summary.status]}</Badge>
        </div>
        <p className="wrap-anywhere text-muted" data-testid="question-status">
          {questionStatusLine(summary, zone)}
        </p>
      </header>
      {actionData && !actionData.ok ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-900">
          {actionData.message}
        </p>
      ) : null}

      <Card className="grid gap-4 p-6">
        <h2 className="text-lg font-semibold">{view.isSeeker ? M.bodyLabel : M.theQuestion}</h2>
        <div className="min-w-0 wrap-anywhere" data-testid="question-body">
          <MessageText text={view.body} />
        </div>
        {view.files.length > 0 ? (
          <ul className="grid gap-1 text-sm" aria-label="Attached files">
            {view.files.map((f) => (
              <li
                key={`${f.fileName}-${f.href ?? ""}`}
                className="flex min-w-0 items-center gap-1.5"
              >
                <FileText aria-hidden="true" className="size-4 shrink-0 text-muted" />
                {f.href ? (
                  <a
                    href={f.href}
                    download
                    className="min-w-0 wrap-anywhere text-brand-700 underline"
                  >
                    {f.fileName}
                  </a>
                ) : (
                  <span className="min-w-0 wrap-anywhere">{f.fileName}</span>
                )}
                <span className="whitespace-nowrap text-muted">({f.size})</span>
              </li>
            ))}
          </ul>
        ) : null}
        <dl className="grid gap-2 text-sm sm:grid-cols-[12rem_1fr]">
          <dt className="text-muted">Price</dt>
          <dd className="font-medium">
            {formatPaise(summary.amount)} (incl. GST)
            {view.payment ? (
              <>
                {" · "}
                <Link to={`/questions/${summary.id}/receipt`} className="underline">
                  Receipt
                </Link>
              </>
            ) : null}
          </dd>
          {view.refund ? (
            <>
              <dt className="text-muted">Refunded</dt>
              <dd className="font-medium">{formatPaise(view.refund.amount)}</dd>
            </>
          ) : null}
        </dl>
        {summary.status !== "pending_payment" && summary.status !== "abandoned" ? (
          <Button asChild variant="outline" className="justify-self-start">
            <Link to={`/messages/${view.conversationId}`}>{M.openConversation}</Link>
          </Button>
        ) : null}
      </Card>

      {view.isAdvisor && open ? (
        <Card className="grid gap-3 p-6">
          <h2 className="text-lg font-semibold">{M.markAnswered}</h2>
          <p className="text-sm text-muted">{M.markAnsweredHint}</p>
          <Form method="post" className="justify-self-start">
            <input type="hidden" name="intent" value="answered" />
            <Button type="submit" disabled={busy}>
              {M.markAnswered}
            </Button>
          </Form>
        </Card>
      ) : null}

      {summary.status === "answered" && view.rating ? (
        <Card className="grid gap-2 p-6" data-testid="question-rating">
          <h2 className="text-lg font-semibold">{M.rateHeading}</h2>
          <p className="font-medium">
            {M.rated(String(view.rating.helpfulness))} · actionable {view.rating.actionability} / 5
            · {view.rating.recommend ? "Would recommend" : "Would not recommend"}
          </p>
          {view.rating.feedback ? (
            <div className="min-w-0 text-sm wrap-anywhere text-muted">
              <MessageText text={view.rating.feedback} />
            </div>
          ) : null}
        </Card>
      ) : summary.status === "answered" && view.isSeeker ? (
        <Card className="p-6">
          <QuestionRating questionId={summary.id} />
        </Card>
      ) : null}
    </div>
  );
}

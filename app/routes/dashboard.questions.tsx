import { data, Form, redirect, useNavigation } from "react-router";
import { type CacheHandle, NOT_KEPT } from "../../core/cache-contract";
import { type FieldErrors, formValues } from "../../core/form";
import { formatPaise } from "../../core/format";
import { questionOfferSchema } from "../../core/forms/questions";
import { QUESTION_MESSAGES as M } from "../../core/messages/questions";
import { QUESTION_LIMITS as L, questionPrice } from "../../core/questions";
import { requireAdvisor } from "../../server/auth/session.server";
import { ownQuestionOffer, saveQuestionOffer } from "../../server/questions/question-offer.server";
import { questionsOf } from "../../server/questions/question-pages.server";
import { QuestionSummary } from "../components/questions/question-summary";
import { BackLink } from "../components/ui/back-link";
import { Button } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { FormField } from "../components/ui/form-field";
import { FormSummary } from "../components/ui/form-summary";
import { Input } from "../components/ui/input";
import { flashCookie } from "../lib/flash";
import { useZodForm } from "../lib/forms";
import { readForm } from "../lib/request-body";
import type { Route } from "./+types/dashboard.questions";

export function meta() {
  return [{ title: `${M.offerHeading} | BeenThere` }];
}

export const handle: CacheHandle = { cache: NOT_KEPT };

/** The signed-in advisor's offer and the questions they received: the advisor is the session's. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireAdvisor(request, context);
  const own = await ownQuestionOffer(context.db, viewer.userId);
  if (!own || !viewer.advisorId) throw new Response("Only advisors can do this", { status: 403 });
  return {
    ...own,
    received: await questionsOf(context.db, { advisorId: viewer.advisorId }, 20),
    zone: viewer.timeZone ?? "Asia/Kolkata",
  };
}

type Failure = {
  ok: false;
  message: string;
  fieldErrors?: FieldErrors<typeof questionOfferSchema>;
  values?: { priceInr: string; answerDays: string };
};

/** Save the offer, or turn it off: the service decides every rule. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireAdvisor(request, context);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent !== "save" && intent !== "off")
    return data<Failure>({ ok: false, message: M.unknownAction }, 400);
  const values = intent === "save" ? formValues(questionOfferSchema, form) : null;
  const result = await saveQuestionOffer(context.db, viewer.userId, values);
  if (!result.ok)
    return data<Failure>(
      {
        ok: false,
        message: result.message,
        fieldErrors: result.fieldErrors,
        values: values ?? undefined,
      },
      result.status,
    );
  return redirect("/dashboard/questions", {
    headers: {
      "Set-Cookie": flashCookie({ title: result.offer ? M.offerSaved : M.offerStopped }),
    },
  });
}

export default function QuestionsDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { approved, offer, received, zone } = loaderData;
  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-1 gap-8 px-4 py-8 sm:px-6 sm:py-10">
      <div className="grid gap-3">
        <BackLink to="/dashboard">Back to dashboard</BackLink>
        <h1 className="text-3xl font-bold tracking-tight">{M.offerHeading}</h1>
        <p className="text-muted">{M.offerIntro}</p>
      </div>
      {!approved ? (
        <p
          role="status"
          className="rounded-card border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
        >
          {M.notAdvisor}
        </p>
      ) : (
        <Card className="p-4 sm:p-6">
          <OfferForm
            key={offer ? `${offer.priceInr}-${offer.answerDays}` : "off"}
            offer={offer}
            result={actionData}
          />
        </Card>
      )}
      <section aria-labelledby="received-questions" className="grid gap-4">
        <h2 id="received-questions" className="text-xl font-semibold">
          Questions you received
        </h2>
        {received.length === 0 ? (
          <Card className="p-6 text-muted">No one has asked you a paid question yet.</Card>
        ) : (
          <ul className="grid gap-3">
            {received.map((q) => (
              <QuestionSummary key={q.id} question={q} side="advisor" zone={zone} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function OfferForm({
  offer,
  result,
}: {
  offer: { priceInr: number; answerDays: number } | null;
  result: Failure | undefined;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const form = useZodForm(questionOfferSchema, { id: "question-offer", result });
  const headingId = "question-offer-heading";
  return (
    <div className="grid gap-5">
      <h2 id={headingId} className="text-xl font-semibold">
        {offer ? "Your offer" : "Offer paid questions"}
      </h2>
      {offer ? (
        <p className="text-sm" data-testid="question-offer-now">
          Seekers see:{" "}
          {M.offerLine(formatPaise(questionPrice(offer.priceInr).totalPaise), offer.answerDays)}
        </p>
      ) : (
        <p className="text-sm text-muted">You do not take paid questions at the moment.</p>
      )}
      <Form method="post" {...form.props} aria-labelledby={headingId} className="grid gap-5">
        <input type="hidden" name="intent" value="save" />
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField form={form} name="priceInr" label={M.priceLabel}>
            <Input
              type="number"
              inputMode="numeric"
              min={L.minPriceInr}
              max={L.maxPriceInr}
              step={1}
              required
              defaultValue={result?.values?.priceInr ?? (offer ? String(offer.priceInr) : "")}
            />
          </FormField>
          <FormField form={form} name="answerDays" label={M.answerDaysLabel}>
            <Input
              type="number"
              inputMode="numeric"
              min={L.minAnswerDays}
              max={L.maxAnswerDays}
              step={1}
              required
              defaultValue={result?.values?.answerDays ?? (offer ? String(offer.answerDays) : "3")}
            />
          </FormField>
        </div>
        {result && !result.fieldErrors ? <FormSummary message={result.message} /> : null}
        <Button type="submit" className="justify-self-start" disabled={submitting}>
          Save
        </Button>
      </Form>
      {offer ? (
        <Form method="post">
          <input type="hidden" name="intent" value="off" />
          <Button type="submit" variant="outline" disabled={submitting}>
            Turn off paid questions
          </Button>
        </Form>
      ) : null}
    </div>
  );
}

import { LoaderCircle } from "lucide-react";
import { useState } from "react";
import { data, Link, useLocation } from "react-router";
import type { StoredAttachment } from "../../../core/attachments";
import { type CacheHandle, NOT_KEPT } from "../../../core/cache-contract";
import { MESSAGE_MAX_LENGTH } from "../../../core/conversation";
import { MESSAGE_MAX_FILES } from "../../../core/forms/conversations";
import { advisorDisplayName, formatPaise, fullName } from "../../../core/format";
import { questionSchema } from "../../../core/forms/questions";
import { isUuid } from "../../../core/ids";
import { QUESTION_MESSAGES as M } from "../../../core/messages/questions";
import { questionPrice } from "../../../core/questions";
import { getViewer } from "../../../server/auth/session.server";
import { PriceBreakdown } from "../../components/booking/booking-facts";
import { ApiError, postJson } from "../../components/booking/checkout";
import { useCheckout } from "../../components/booking/use-checkout";
import { AttachmentPicker } from "../../components/messages/attachment-picker";
import { BackLink } from "../../components/ui/back-link";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { FormField } from "../../components/ui/form-field";
import { FormSummary } from "../../components/ui/form-summary";
import { Textarea } from "../../components/ui/input";
import { useZodForm } from "../../lib/forms";
import { useHydrated } from "../../lib/hydrated";
import { useViewer } from "../../lib/viewer";
import type { Route } from "./+types/ask";

export const meta = () => [{ title: "Ask a question | BeenThere" }];

export const handle: CacheHandle = { cache: NOT_KEPT };

/** The advisor's offer before anyone pays: the price is the server's, from the offer. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const advisor = isUuid(params.id) ? await context.directory.findApproved(params.id) : null;
  if (!advisor || advisor.questionPriceInr === null || advisor.questionAnswerDays === null)
    throw data(null, { status: 404 });
  const viewer = await getViewer(request, context);
  return {
    advisor: { id: advisor.id, name: advisorDisplayName(advisor) },
    answerDays: advisor.questionAnswerDays,
    price: questionPrice(advisor.questionPriceInr),
    isOwn: viewer !== null && viewer.advisorId === advisor.id,
    testCheckout: context.publicConfig.testCheckout,
  };
}

type Order = {
  questionId: string;
  paymentId: string;
  orderId: string;
  keyId: string;
  amount: number;
  free: boolean;
};

export default function AskQuestion({ loaderData }: Route.ComponentProps) {
  const { advisor, answerDays, price, isOwn, testCheckout } = loaderData;
  const viewer = useViewer();
  const location = useLocation();
  const total = formatPaise(price.totalPaise);
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <BackLink to={`/advisor/${advisor.id}`}>Back to {advisor.name}</BackLink>
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold wrap-anywhere sm:text-3xl">
          {M.askHeading(advisor.name)}
        </h1>
        <p className="text-muted" data-testid="question-offer">
          {M.offerLine(total, answerDays)}
        </p>
      </header>
      <Card className="grid gap-4 p-6">
        <div className="rounded-lg bg-slate-50 p-4">
          <PriceBreakdown
            fee={price.feePaise}
            gst={price.gstPaise}
            total={price.totalPaise}
            feeLabel="Question price"
          />
        </div>
        <ul className="grid list-disc gap-1 pl-5 text-xs text-muted">
          {M.askRules(answerDays).map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
        {isOwn ? (
          <p className="text-sm text-muted">{M.ownQuestion}</p>
        ) : viewer ? (
          <AskForm
            advisor={advisor}
            total={total}
            testCheckout={testCheckout}
            seeker={{ name: fullName(viewer.firstName, viewer.lastName), email: viewer.email }}
          />
        ) : (
          <Button asChild size="lg" className="justify-self-start">
            <Link to={`/auth?redirect=${encodeURIComponent(location.pathname)}`}>
              Sign in to ask
            </Link>
          </Button>
        )}
      </Card>
    </div>
  );
}

/**
 * The question and its files, then the checkout: the question is ordered with its payment and
 * reaches the advisor once the payment arrives; after it, the question's own page.
 */
function AskForm({
  advisor,
  total,
  testCheckout,
  seeker,
}: {
  advisor: { id: string; name: string };
  total: string;
  testCheckout: boolean;
  seeker: { name: string; email: string };
}) {
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [files, setFiles] = useState<StoredAttachment[]>([]);
  // Paying opens a checkout, which needs the page's scripts.
  const hydrated = useHydrated();
  const form = useZodForm(questionSchema, { id: "question" });
  const checkout = useCheckout({
    testCheckout,
    seeker,
    onAbandoned: () => setBusy(false),
    active: true,
  });
  const ask = async (body: string) => {
    setBusy(true);
    setRefusal(null);
    try {
      const order = await postJson<Order>(`/api/advisors/${advisor.id}/questions`, {
        body,
        attachments: JSON.stringify(files),
      });
      await checkout.pay(
        order,
        M.paymentDescription(advisor.name),
        `/questions/${order.questionId}`,
      );
    } catch (error) {
      setBusy(false);
      setRefusal(error instanceof ApiError ? error.message : M.orderFailed);
    }
  };
  return (
    <>
      <form
        {...form.props}
        className="grid gap-4"
        onSubmit={(event) => {
          form.props.onSubmit(event);
          if (event.defaultPrevented) return;
          event.preventDefault();
          void ask(String(new FormData(event.currentTarget).get("body") ?? ""));
        }}
      >
        <input type="hidden" name="attachments" value={JSON.stringify(files)} />
        <FormField form={form} name="body" label={M.bodyLabel}>
          <Textarea rows={6} maxLength={MESSAGE_MAX_LENGTH} className="min-h-32 resize-y" />
        </FormField>
        <AttachmentPicker value={files} onChange={setFiles} max={MESSAGE_MAX_FILES} />
        <FormSummary message={refusal} />
        <Button type="submit" size="lg" className="justify-self-start" disabled={busy || !hydrated}>
          {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
          {M.payButton(total)}
        </Button>
      </form>
      {checkout.dialog}
    </>
  );
}

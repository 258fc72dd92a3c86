import { invoiceNumber } from "../../../core/booking";
import { type CacheHandle, NOT_KEPT } from "../../../core/cache-contract";
import { formatPaise, formatSessionDate } from "../../../core/format";
import { QUESTION_MESSAGES as M } from "../../../core/messages/questions";
import { Receipt } from "../../components/booking/receipt";
import { viewedQuestion } from "../../lib/question-view.server";
import type { Route } from "./+types/receipt";

export const meta = () => [{ title: "Receipt | BeenThere" }];

export const handle: CacheHandle = { cache: NOT_KEPT };

/** A paid question's tax receipt: for the same people as its page, once it is paid. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { viewer, view } = await viewedQuestion(request, params.questionId, context);
  if (!view.payment) throw new Response("Not found", { status: 404 });
  return {
    summary: view.summary,
    payment: view.payment,
    refund: view.refund,
    zone: viewer.timeZone ?? "Asia/Kolkata",
  };
}

export default function QuestionReceipt({ loaderData }: Route.ComponentProps) {
  const { summary, payment, refund, zone } = loaderData;
  const paidAt = new Date(payment.paidAt);
  return (
    <Receipt
      back={{ to: `/questions/${summary.id}`, label: "Back to question" }}
      facts={[
        ["Invoice number", invoiceNumber(payment.id, paidAt)],
        ["Invoice date", formatSessionDate(paidAt, zone)],
        ["Payment reference", payment.providerPaymentId ?? payment.id],
        ["Question ID", summary.id],
        ["Billed to", summary.seekerName],
      ]}
      item={M.receiptLine(summary.advisorName)}
      fee={payment.feeAmount}
      gst={payment.gstAmount}
      total={payment.amount}
      note={
        refund
          ? `${formatPaise(refund.amount)} of this payment is refunded.${refund.reason ? ` ${refund.reason}` : ""}`
          : null
      }
    />
  );
}

import { invoiceNumber } from "../../../core/booking";
import { type CacheHandle, NOT_KEPT } from "../../../core/cache-contract";
import { formatPaise, formatSessionDate } from "../../../core/format";
import { Receipt } from "../../components/booking/receipt";
import { viewedPurchase } from "../../lib/package-view.server";
import type { Route } from "./+types/receipt";

export const meta = () => [{ title: "Receipt | BeenThere" }];

export const handle: CacheHandle = { cache: NOT_KEPT };

/** A bought package's tax receipt: for the same people as its page. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { viewer, view } = await viewedPurchase(request, params.purchaseId, context);
  return { view, billedTo: view.summary.seekerName, zone: viewer.timeZone ?? "Asia/Kolkata" };
}

export default function PackageReceipt({ loaderData }: Route.ComponentProps) {
  const { view, billedTo, zone } = loaderData;
  const { summary, payment } = view;
  const paidAt = new Date(view.paidAt);
  return (
    <Receipt
      back={{ to: `/packages/${summary.id}`, label: "Back to package" }}
      facts={[
        ["Invoice number", invoiceNumber(payment.id, paidAt)],
        ["Invoice date", formatSessionDate(paidAt, zone)],
        ["Payment reference", payment.providerPaymentId ?? payment.id],
        ["Package ID", summary.id],
        ["Billed to", billedTo],
      ]}
      item={`Package "${summary.name}" with ${summary.advisorName}: ${summary.sessions} sessions of ${summary.duration} minutes`}
      fee={payment.feeAmount}
      gst={payment.gstAmount}
      total={payment.amount}
      note={
        view.refund
          ? `${formatPaise(view.refund.amount)} of this payment is refunded for the unused sessions.`
          : null
      }
    />
  );
}

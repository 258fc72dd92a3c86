import { redirect } from "react-router";
import { invoiceNumber, sessionTypeLabel } from "../../core/booking";
import { formatSessionDate, fullName } from "../../core/format";
import { isUuid } from "../../core/ids";
import { requireViewer } from "../../server/auth/session.server";
import { findBookingByPayment } from "../../server/bookings/booking-details.server";
import { Receipt } from "../components/booking/receipt";
import type { Route } from "./+types/booking-receipt";
import { type CacheHandle, NOT_KEPT } from "../../core/cache-contract";

export const meta = () => [{ title: "Receipt | BeenThere" }];

export const handle: CacheHandle = { cache: NOT_KEPT };

/** A paid booking's tax receipt: the same people as the confirmation page may see it. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const paymentId = new URL(request.url).searchParams.get("payment_id");
  if (!paymentId) throw redirect("/dashboard");
  const viewer = await requireViewer(request, context);
  const details = isUuid(paymentId)
    ? await findBookingByPayment(context.db, viewer, paymentId)
    : null;
  if (!details || details.payment.status === "free" || details.payment.status === "created") {
    throw new Response("Not found", { status: 404 });
  }
  // Dates in the reader's own zone; the seeker's zone at booking for one without (ADR 90).
  return { ...details, zone: viewer.timeZone ?? details.booking.seekerTimezone };
}

export default function BookingReceipt({ loaderData }: Route.ComponentProps) {
  const { booking, payment, seeker, zone } = loaderData;
  const paidAt = new Date(payment.paidAt);
  return (
    <Receipt
      back={{ to: `/booking-confirmed?payment_id=${payment.id}`, label: "Back to booking" }}
      facts={[
        ["Invoice number", invoiceNumber(payment.id, paidAt)],
        ["Invoice date", formatSessionDate(paidAt, zone)],
        ["Payment reference", payment.providerPaymentId ?? payment.id],
        ["Booking ID", booking.id],
        ["Billed to", `${fullName(seeker.firstName, seeker.lastName)} (${seeker.email})`],
      ]}
      item={`${sessionTypeLabel(booking.sessionType)}, ${booking.duration} minutes, ${formatSessionDate(new Date(booking.datetime), zone)}`}
      fee={payment.feeAmount}
      gst={payment.gstAmount}
      total={payment.amount}
      note={payment.status === "refunded" ? "This payment has been refunded." : null}
    />
  );
}

import { Printer } from "lucide-react";
import { Link, redirect } from "react-router";
import { invoiceNumber, sessionTypeLabel } from "../../core/booking";
import { formatPaise, formatSessionDate, fullName } from "../../core/format";
import { isUuid } from "../../core/ids";
import { requireViewer } from "../../server/auth/session.server";
import { findBookingByPayment } from "../../server/bookings/booking-details.server";
import { COMPANY } from "../components/pages/company";
import { Button } from "../components/ui/button";
import type { Route } from "./+types/booking-receipt";
import { type CacheHandle, NOT_KEPT } from "../../core/cache-contract";
import { GST_PERCENT } from "../../core/pricing";

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
  const rows = [
    ["Invoice number", invoiceNumber(payment.id, paidAt)],
    ["Invoice date", formatSessionDate(paidAt, zone)],
    ["Payment reference", payment.providerPaymentId ?? payment.id],
    ["Booking ID", booking.id],
    ["Billed to", `${fullName(seeker.firstName, seeker.lastName)} (${seeker.email})`],
  ];
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-8 sm:px-6 sm:py-12 print:py-0">
      <div className="flex items-center justify-between gap-3 print:hidden">
        <Link to={`/booking-confirmed?payment_id=${payment.id}`} className="text-sm underline">
          Back to booking
        </Link>
        <Button variant="outline" onClick={() => window.print()}>
          <Printer aria-hidden="true" /> Print
        </Button>
      </div>
      <article className="grid gap-6 rounded-xl border border-line bg-surface p-6 sm:p-10">
        <header className="grid gap-1">
          <h1 className="text-2xl font-bold">Tax Invoice / Receipt</h1>
          <p className="font-semibold">{COMPANY.legalName}</p>
          <p className="text-sm text-muted">{COMPANY.address}</p>
          <p className="text-sm text-muted">GSTIN: {COMPANY.gstin}</p>
        </header>
        <dl className="grid gap-2 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="grid gap-0.5 sm:grid-cols-[10rem_1fr]">
              <dt className="text-muted">{label}</dt>
              <dd className="font-medium break-all">{value}</dd>
            </div>
          ))}
        </dl>
        <table className="w-full text-sm">
          <caption className="sr-only">Amounts</caption>
          <thead>
            <tr className="border-b border-line text-left">
              <th scope="col" className="py-2 font-semibold">
                Description
              </th>
              <th scope="col" className="py-2 text-right font-semibold">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td className="py-2">
                {sessionTypeLabel(booking.sessionType)}, {booking.duration} minutes,{" "}
                {formatSessionDate(new Date(booking.datetime), zone)}
              </td>
              <td className="py-2 text-right">{formatPaise(payment.feeAmount)}</td>
            </tr>
            <tr>
              <td className="py-2">GST ({GST_PERCENT}%)</td>
              <td className="py-2 text-right">{formatPaise(payment.gstAmount)}</td>
            </tr>
          </tbody>
          <tfoot>
            <tr className="border-t border-line font-semibold">
              <th scope="row" className="py-2 text-left">
                Total paid
              </th>
              <td className="py-2 text-right">{formatPaise(payment.amount)}</td>
            </tr>
          </tfoot>
        </table>
        {payment.status === "refunded" ? (
          <p className="text-sm font-semibold text-danger">This payment has been refunded.</p>
        ) : null}
      </article>
    </div>
  );
}

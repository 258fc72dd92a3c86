import { AlertCircle, CalendarCheck, CheckCircle2, Receipt, Video } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, redirect, useNavigate } from "react-router";
import { canJoin, sessionTypeLabel } from "../../core/booking";
import { isUuid } from "../../core/ids";
import { BOOKING_MESSAGES as M } from "../../core/messages/booking";
import { SESSION_MESSAGES } from "../../core/messages/sessions";
import { requireViewer } from "../../server/auth/session.server";
import { findBookingByPayment } from "../../server/bookings/booking-details.server";
import { sessionEventFor } from "../../server/bookings/session-invitation.server";
import { Fact, PriceBreakdown, SessionTimes } from "../components/booking/booking-facts";
import { Button } from "../components/ui/button";
import { AddToCalendar } from "../components/sessions/add-to-calendar";
import { Card } from "../components/ui/card";
import { flashCookie } from "../lib/flash";
import type { Route } from "./+types/booking-confirmed";
import { type CacheHandle, NOT_KEPT } from "../../core/cache-contract";

export const meta = () => [{ title: "Booking Confirmed | BeenThere" }];

export const handle: CacheHandle = { cache: NOT_KEPT };

/** Seeker, advisor or admin only; a booking someone else made is "not found". */
export async function loader({ request, context }: Route.LoaderArgs) {
  const paymentId = new URL(request.url).searchParams.get("payment_id");
  if (!paymentId) throw redirect("/dashboard");
  const viewer = await requireViewer(request, context);
  if (!isUuid(paymentId)) throw new Response("Not found", { status: 404 });
  try {
    const details = await findBookingByPayment(context.db, viewer, paymentId);
    if (!details) throw new Response("Not found", { status: 404 });
    const calendarEvent =
      details.booking.status === "confirmed"
        ? await sessionEventFor(context.db, details.booking.id, context.config.appUrl)
        : null;
    return {
      details,
      calendarEvent,
      paymentId,
      now: context.now().toISOString(),
      loadFailed: false as const,
    };
  } catch (error) {
    if (error instanceof Response) throw error;
    context.logger.error({ err: error, paymentId }, "booking details failed to load");
    return {
      details: null,
      calendarEvent: null,
      paymentId,
      now: context.now().toISOString(),
      loadFailed: true as const,
    };
  }
}

/** The notes under a booking; a paid one also states the refund rule. */
const notes = (paid: boolean) => [
  M.joinOpensNote,
  M.invitationNote,
  SESSION_MESSAGES.changeRule,
  ...(paid ? [SESSION_MESSAGES.refundRule] : []),
  M.preparationNote,
];

export default function BookingConfirmed({ loaderData }: Route.ComponentProps) {
  const { details, paymentId, loadFailed } = loaderData;
  if (loadFailed) return <LoadProblem title={M.loadingErrorTitle} text={M.loadingError} />;
  const { booking, payment, advisor } = details;
  if (booking.status !== "confirmed" && booking.status !== "completed") {
    // "Your payment was successful" only when it was: a hold never paid says so instead.
    return payment.status === "paid" || payment.status === "refunded" ? (
      <LoadProblem title="Booking details" text={`${M.fallback}: ${paymentId}.`} />
    ) : (
      <LoadProblem title={M.notPaidTitle} text={M.notPaid} />
    );
  }
  const start = new Date(booking.datetime);
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <header className="grid justify-items-center gap-3 text-center">
        <CheckCircle2 className="size-14 text-success" aria-hidden="true" />
        <h1 className="text-3xl font-bold">Booking Confirmed</h1>
        <p className="text-muted">
          Your {sessionTypeLabel(booking.sessionType)} with {advisor.name} is booked.
        </p>
      </header>

      <Card className="grid gap-6 p-6 sm:p-8">
        <h2 className="flex items-center gap-2 text-xl font-semibold">
          <CalendarCheck className="size-5 text-brand-700" aria-hidden="true" />
          Session details
        </h2>
        <dl className="grid gap-3">
          <Fact label="Booking ID">
            <span className="font-mono text-sm">{booking.id}</span>
          </Fact>
          <Fact label="Session type">{sessionTypeLabel(booking.sessionType)}</Fact>
          <Fact label="Duration">{booking.duration} minutes</Fact>
          <SessionTimes
            datetime={start}
            seekerTimezone={booking.seekerTimezone}
            advisorTimezone={booking.advisorTimezone}
          />
          {booking.topics.length > 0 ? (
            <Fact label="Topics">{booking.topics.join(", ")}</Fact>
          ) : null}
          {booking.additionalInfo ? (
            <Fact label="Additional info">
              <span className="whitespace-pre-line">{booking.additionalInfo}</span>
            </Fact>
          ) : null}
        </dl>
        <div className="grid gap-2 rounded-lg bg-slate-50 p-4">
          <h3 className="font-semibold">Payment</h3>
          <PriceBreakdown
            fee={payment.feeAmount}
            gst={payment.gstAmount}
            total={payment.amount}
            freeLabel={booking.packagePurchaseId ? "Paid with your package" : "Free Consultation"}
            totalLabel="Total paid"
          />
          {booking.packagePurchaseId ? (
            <Link
              to={`/packages/${booking.packagePurchaseId}`}
              className="w-fit text-sm font-medium text-brand-700 underline"
            >
              See your package
            </Link>
          ) : null}
          {payment.amount > 0 ? (
            <Link
              to={`/booking-confirmed/receipt?payment_id=${payment.id}`}
              className="flex w-fit items-center gap-1.5 text-sm font-medium text-brand-700 underline"
            >
              <Receipt className="size-4" aria-hidden="true" /> View printable receipt
            </Link>
          ) : null}
        </div>
        <JoinMeeting
          link={booking.meetingLink}
          start={start}
          duration={booking.duration}
          serverNow={loaderData.now}
        />
        {loaderData.calendarEvent ? (
          <AddToCalendar
            bookingId={booking.id}
            event={loaderData.calendarEvent}
            className="border-t border-line pt-4"
          />
        ) : null}
      </Card>

      <Card className="flex items-center gap-4 p-6">
        <img
          src={advisor.headshotUrl ?? "/placeholder-headshot.svg"}
          alt=""
          width={64}
          height={64}
          className="size-16 rounded-full bg-brand-50 object-cover"
        />
        <div className="grid min-w-0 gap-0.5">
          <p className="text-sm text-muted">Your advisor</p>
          <Link to={`/advisor/${advisor.id}`} className="font-semibold hover:underline">
            {advisor.name}
          </Link>
          {advisor.jobTitle || advisor.currentCompany ? (
            <p className="text-sm text-muted">
              {[advisor.jobTitle, advisor.currentCompany].filter(Boolean).join(" at ")}
            </p>
          ) : null}
        </div>
      </Card>

      <Actions bookingId={booking.id} />

      <Card className="grid gap-3 p-6">
        <h2 className="text-lg font-semibold">Important notes</h2>
        <ul className="grid list-disc gap-2 pl-5 text-sm text-muted" data-testid="booking-notes">
          {notes(payment.amount > 0).map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      </Card>
    </div>
  );
}

/** Join Meeting, usable from JOIN_EARLY_MINUTES before the start until the end (checked each 30 s). */
function JoinMeeting({
  link,
  start,
  duration,
  serverNow,
}: {
  link: string | null;
  start: Date;
  duration: number;
  serverNow: string;
}) {
  const [now, setNow] = useState(() => new Date(serverNow));
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  const open = link !== null && canJoin(start, duration, now);
  return (
    <div className="grid gap-2 border-t border-line pt-4">
      {open ? (
        <Button asChild size="lg" className="w-fit">
          <a href={link} target="_blank" rel="noreferrer">
            <Video aria-hidden="true" /> Join Meeting
          </a>
        </Button>
      ) : (
        <Button size="lg" className="w-fit" disabled>
          <Video aria-hidden="true" /> Join Meeting
        </Button>
      )}
      <p className="text-sm text-muted">
        {M.meetingLinkOpens}
        {link ? (
          <>
            {" "}
            Link: <span className="break-all">{link}</span>
          </>
        ) : null}
      </p>
    </div>
  );
}

/**
 * Reschedule and cancel happen on the dashboard: these buttons go there with a toast, and the
 * dashboard opens that dialog for this booking.
 */
function Actions({ bookingId }: { bookingId: string }) {
  const navigate = useNavigate();
  const toDashboard = (action: "reschedule" | "cancel") => {
    document.cookie = flashCookie({
      title: action === "reschedule" ? "Reschedule your session" : "Cancel your session",
      description: `Use ${action === "reschedule" ? "Reschedule" : "Cancel"} on the session in your dashboard.`,
    });
    void navigate(`/dashboard?${new URLSearchParams({ booking: bookingId, action })}`);
  };
  return (
    <div className="flex flex-wrap gap-3">
      <Button asChild>
        <Link to="/dashboard">Go to Dashboard</Link>
      </Button>
      <Button variant="outline" onClick={() => toDashboard("reschedule")}>
        Reschedule Session
      </Button>
      <Button variant="outline" onClick={() => toDashboard("cancel")}>
        Cancel Session
      </Button>
      <Button asChild variant="ghost">
        <Link to="/contact">Contact Support</Link>
      </Button>
    </div>
  );
}

function LoadProblem({ title, text }: { title: string; text: string }) {
  return (
    <section className="mx-auto grid max-w-xl flex-1 content-center gap-4 px-4 py-24 text-center">
      <AlertCircle className="mx-auto size-10 text-danger" aria-hidden="true" />
      <h1 className="text-2xl font-bold">{title}</h1>
      <p role="alert" className="text-muted">
        {text}
      </p>
      <div className="flex justify-center gap-3">
        <Button asChild>
          <Link to="/dashboard">Go to Dashboard</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/contact">Contact Support</Link>
        </Button>
      </div>
    </section>
  );
}

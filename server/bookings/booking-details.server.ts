import { eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { advisorDisplayName } from "../../core/format";
import type { Viewer } from "../auth/session.server";
import type { Db } from "../db/client.server";
import { advisors, bookings, payments, users } from "../db/schema";
import { joinLinkSql } from "./meeting-link.server";

const advisorUsers = alias(users, "advisor_users");

/**
 * One booking by its payment, as the confirmation page and the receipt show it. Only the
 * booking's seeker, its advisor and admins may see it: anyone else gets null (not found).
 */
export async function findBookingByPayment(db: Db, viewer: Viewer, paymentId: string) {
  const [row] = await db
    .select({
      booking: {
        id: bookings.id,
        userId: bookings.userId,
        status: bookings.status,
        sessionType: bookings.sessionType,
        duration: bookings.duration,
        datetime: bookings.datetime,
        topics: bookings.topics,
        additionalInfo: bookings.additionalInfo,
        // Each party's own zone (settings) wins over the one the booking recorded.
        seekerTimezone: sql<string>`coalesce(${users.timeZone}, ${bookings.seekerTimezone})`,
        advisorTimezone: sql<string>`coalesce(${advisorUsers.timeZone}, ${bookings.advisorTimezone})`,
        meetingLink: joinLinkSql,
        packagePurchaseId: bookings.packagePurchaseId,
      },
      payment: {
        id: payments.id,
        amount: payments.amount,
        feeAmount: payments.feeAmount,
        gstAmount: payments.gstAmount,
        status: payments.status,
        providerPaymentId: payments.razorpayPaymentId,
        updatedAt: payments.updatedAt,
      },
      advisor: {
        id: advisors.id,
        userId: advisors.userId,
        firstName: advisorUsers.firstName,
        lastName: advisorUsers.lastName,
        jobTitle: advisors.jobTitle,
        currentCompany: advisors.currentCompany,
        headshotUrl: advisors.headshotUrl,
      },
      seeker: { firstName: users.firstName, lastName: users.lastName, email: users.email },
    })
    .from(payments)
    .innerJoin(bookings, eq(bookings.paymentId, payments.id))
    .innerJoin(users, eq(users.id, bookings.userId))
    .innerJoin(advisors, eq(advisors.id, bookings.advisorId))
    .innerJoin(advisorUsers, eq(advisorUsers.id, advisors.userId))
    .where(eq(payments.id, paymentId));
  if (!row) return null;
  const allowed =
    row.booking.userId === viewer.userId ||
    row.advisor.userId === viewer.userId ||
    viewer.roles.includes("admin");
  if (!allowed) return null;
  const { booking, payment, advisor, seeker } = row;
  return {
    booking: {
      id: booking.id,
      status: booking.status,
      sessionType: booking.sessionType,
      duration: booking.duration,
      datetime: booking.datetime.toISOString(),
      topics: booking.topics,
      additionalInfo: booking.additionalInfo,
      seekerTimezone: booking.seekerTimezone,
      advisorTimezone: booking.advisorTimezone,
      meetingLink: booking.meetingLink,
      /** Paid with this bought package: its page is where its money is. */
      packagePurchaseId: booking.packagePurchaseId,
    },
    payment: {
      id: payment.id,
      amount: payment.amount,
      feeAmount: payment.feeAmount,
      gstAmount: payment.gstAmount,
      status: payment.status,
      providerPaymentId: payment.providerPaymentId,
      paidAt: payment.updatedAt.toISOString(),
    },
    advisor: {
      id: advisor.id,
      name: advisorDisplayName(advisor),
      jobTitle: advisor.jobTitle,
      currentCompany: advisor.currentCompany,
      headshotUrl: advisor.headshotUrl,
    },
    seeker,
  };
}
export type BookingDetails = NonNullable<Awaited<ReturnType<typeof findBookingByPayment>>>;

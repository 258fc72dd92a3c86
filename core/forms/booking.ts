import { z } from "zod";
import { ADDITIONAL_INFO_MAX, TOPIC_MAX_LENGTH, TOPICS_MAX } from "../booking-limits";
import { BOOKING_MESSAGES as M } from "../messages/booking";
import { paragraphs, singleLine } from "../plain-text";
import { isValidTimeZone } from "../time-zones";

/*
 * The booking forms' final shapes, checked by the server: a session with an advisor (the
 * booking flow's steps check the same fields without zod, core/forms/booking-steps.ts) and the
 * free discovery call.
 */
export const topicsField = z
  .array(singleLine().min(1).max(TOPIC_MAX_LENGTH))
  .min(1, M.topicsRequired)
  .max(TOPICS_MAX, M.topicsRequired);
export const additionalInfoField = paragraphs()
  .max(ADDITIONAL_INFO_MAX, M.additionalInfoTooLong)
  .optional()
  .transform((v) => (v ? v : undefined));
const timeZoneField = z.string().refine(isValidTimeZone, M.invalidTimeZone);
const startField = z.iso.datetime({ offset: true, message: M.timeRequired });

/**
 * What the browser sends to book with an advisor. The amount is deliberately absent: the
 * server prices the session itself; type and duration are checked against the options.
 */
export const bookingRequestSchema = z.object({
  advisorId: z.uuid(M.advisorNotFound),
  topics: topicsField,
  additionalInfo: additionalInfoField,
  sessionType: z.enum(["First Call", "Follow up call"], M.sessionRequired),
  duration: z.union([z.literal(15), z.literal(30)], M.sessionRequired),
  datetime: startField,
  seekerTimezone: timeZoneField,
  /**
   * The seeker ticked "I understand that I won't get a refund": required by the server for a
   * paid session booked less than FULL_REFUND_HOURS ahead (core/booking-terms.ts).
   */
  noRefundAcknowledged: z.boolean().optional(),
  /** A session of the seeker's bought package: no payment, one of its sessions used. */
  packagePurchaseId: z.uuid(M.packageNotFound).optional(),
});
export type BookingRequest = z.infer<typeof bookingRequestSchema>;

/** The free discovery call's form: what advice the seeker wants is required. */
export const discoveryRequestSchema = z.object({
  adviceSought: paragraphs()
    .min(1, M.adviceRequired)
    .max(ADDITIONAL_INFO_MAX, M.additionalInfoTooLong),
  datetime: startField,
  seekerTimezone: timeZoneField,
});
export type DiscoveryRequest = z.infer<typeof discoveryRequestSchema>;

/** The discovery call's question step: the question alone, under the request's rules. */
export const discoveryQuestionSchema = discoveryRequestSchema.pick({ adviceSought: true });

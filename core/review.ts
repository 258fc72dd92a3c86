/*
 * The session dialogs' forms live in core/forms/sessions.ts. These names are re-exported for
 * the importers outside app/ and core/ (server/bookings, tests/e2e/support) until they import
 * from there.
 */
export { cancelReasonSchema, FEEDBACK_MAX, type ReviewInput, reviewSchema } from "./forms/sessions";

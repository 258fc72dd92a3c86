import {
  ADMIN_REPORT_MESSAGES,
  ATTACHMENT_MESSAGES,
  REPORT_MESSAGES,
} from "../../core/messages/message-safety";
import { ACCOUNT_MESSAGES } from "../../core/messages/account";
import { ADMIN_MESSAGES } from "../../core/messages/admin";
import { ADVISOR_CALENDAR_MESSAGES } from "../../core/messages/advisor-calendar";
import { BANK_MESSAGES, PROFILE_EDIT_MESSAGES } from "../../core/messages/advisor";
import { AUTH_MESSAGES } from "../../core/messages/auth";
import { BOOKING_MESSAGES } from "../../core/messages/booking";
import { CONSENT_MESSAGES } from "../../core/messages/consents";
import { CONTACT_MESSAGES } from "../../core/messages/contact";
import { PHONE_MESSAGES } from "../../core/messages/phone";
import { CONVERSATION_MESSAGES } from "../../core/messages/conversations";
import { SETTINGS_MESSAGES } from "../../core/messages/settings";
import { PAYOUT_MESSAGES } from "../../core/messages/payouts";
import { PRIVACY_MESSAGES } from "../../core/messages/privacy";
import { REQUEST_MESSAGES as M } from "../../core/messages/requests";
import { SECURITY_MESSAGES } from "../../core/messages/security";
import { SESSION_MESSAGES } from "../../core/messages/sessions";
import { NO_SHOW_MESSAGES } from "../../core/messages/no-shows";
import { PACKAGE_MESSAGES } from "../../core/messages/packages";
import { QUESTION_MESSAGES } from "../../core/messages/questions";
import { INVALID_AVAILABILITY_MESSAGE } from "../../core/availability";
import { SLOT_QUERY_ERRORS } from "../scheduling/slot-query";
import {
  type Fixture,
  MATRIX_CONVERSATION_ID,
  MATRIX_PURCHASE_ID,
  MATRIX_QUESTION_ID,
  type Persona,
} from "./matrix-fixture.test-support";
import { PURCHASE_MESSAGES } from "../../core/messages/package-purchases";

/*
 * The bad-input matrix: what every action and every API endpoint answers to a request no page
 * of ours sends (a malformed id, another content type or method, a missing field, a body too
 * large or unreadable). `bad-input-matrix.test.ts` sends each row to the production build as
 * its persona (signed in, so the input reaches the action) and checks the status and message,
 * that the database did not change and that the next request is served, on the same keep-alive
 * connection unless the answer said `Connection: close`. A route without its rows fails it.
 * To add a route: `bodyRows(…)` for an action, plus its own "id" and "missing" rows.
 */

/** What a row checks; the test asks for each kind a route needs (see `kindsFor`). */
export type Kind = "method" | "type" | "syntax" | "size" | "missing" | "id";

export type BadRequest = {
  method?: string;
  path: string;
  contentType?: string;
  body?: string;
  /** Sent without a length, in chunks (a client whose length header cannot be trusted). */
  chunked?: boolean;
};

export type BadInputRow = {
  /** The route's pattern as in app/routes.ts. */
  route: string;
  kind: Kind;
  case: string;
  as: Persona;
  request: (f: Fixture) => BadRequest;
  expect: {
    status: 400 | 404 | 405 | 413 | 415;
    /** A text the answer's body contains (JSON `error`, or the page's message). */
    message: string;
    /** For a 405, the methods the route does answer. */
    allow?: string;
  };
};

type Path = string | ((f: Fixture) => string);
const at = (path: Path, f: Fixture) => (typeof path === "function" ? path(f) : path);

export const form = (fields: Record<string, string>) => ({
  contentType: "application/x-www-form-urlencoded",
  body: new URLSearchParams(fields).toString(),
});
export const json = (value: unknown) => ({
  contentType: "application/json",
  body: JSON.stringify(value),
});
const BOUNDARY = "bad-input-boundary";
/** A multipart form, with a small "image" in `file` when asked. */
export const multipart = (fields: Record<string, string>, file?: string) => ({
  contentType: `multipart/form-data; boundary=${BOUNDARY}`,
  body: [
    ...Object.entries(fields).map(
      ([name, value]) =>
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    ),
    file
      ? `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file}"; filename="a.png"\r\n` +
        `Content-Type: image/png\r\n\r\nnot really a png\r\n`
      : "",
    `--${BOUNDARY}--\r\n`,
  ].join(""),
});

type BodySpec = {
  route: string;
  as: Persona;
  path: Path;
  /** What the action reads: a form (URL-encoded or multipart) or JSON. */
  body: "form" | "json";
  /** The action's body limit (app/lib/request-body.ts); rows send 1 kB more. */
  maxBytes: number;
  /** The route's methods, as its 405 says. */
  allow: string;
  /** What a body over the limit is told, when the route says it its own way. */
  tooLarge?: string;
  /** The answer to an unreadable body, when the route checks something before reading it. */
  syntax?: BadInputRow["expect"];
};

const KB = 1024;

/** The rows every action that reads a body gets: method, type, syntax and size. */
export function bodyRows(spec: BodySpec): BadInputRow[] {
  const { route, as, path, allow } = spec;
  const tooLarge = { status: 413 as const, message: spec.tooLarge ?? M.tooLarge };
  const big = "x".repeat(spec.maxBytes + KB);
  const oversized = spec.body === "form" ? form({ big }) : json({ big });
  return [
    {
      route,
      kind: "method",
      case: "a DELETE",
      as,
      request: (f) => ({ method: "DELETE", path: at(path, f) }),
      expect: { status: 405, message: M.methodNotAllowed(allow), allow },
    },
    {
      route,
      kind: "type",
      case: "text/plain",
      as,
      request: (f) => ({ path: at(path, f), contentType: "text/plain", body: "hello" }),
      expect: { status: 415, message: spec.body === "form" ? M.notForm : M.notJson },
    },
    {
      route,
      kind: "type",
      case: spec.body === "form" ? "JSON instead of a form" : "a form instead of JSON",
      as,
      request: (f) => ({
        path: at(path, f),
        ...(spec.body === "form" ? json({ a: 1 }) : form({ a: "1" })),
      }),
      expect: { status: 415, message: spec.body === "form" ? M.notForm : M.notJson },
    },
    {
      route,
      kind: "syntax",
      case: spec.body === "form" ? "a multipart body that is not one" : "broken JSON",
      as,
      request: (f) => ({
        path: at(path, f),
        ...(spec.body === "form"
          ? { contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: "no parts here" }
          : { contentType: "application/json", body: '{"a": ' }),
      }),
      expect:
        spec.syntax ??
        (spec.body === "form"
          ? { status: 400, message: M.malformedForm }
          : { status: 400, message: M.malformedJson }),
    },
    {
      route,
      kind: "size",
      case: `${spec.maxBytes + KB} bytes with their length`,
      as,
      request: (f) => ({ path: at(path, f), ...oversized }),
      expect: tooLarge,
    },
    {
      route,
      kind: "size",
      case: `${spec.maxBytes + KB} bytes in chunks, without a length`,
      as,
      request: (f) => ({ path: at(path, f), ...oversized, chunked: true }),
      expect: tooLarge,
    },
  ];
}

/** A wrong method to a route that answers only GET and HEAD (a page or a JSON feed). */
const readOnly = (route: string, path: Path, as: Persona = "anonymous"): BadInputRow => ({
  route,
  kind: "method",
  case: "a POST",
  as,
  request: (f) => ({ path: at(path, f), ...form({ a: "1" }) }),
  expect: { status: 405, message: M.methodNotAllowed("GET, HEAD"), allow: "GET, HEAD" },
});

const row = (
  route: string,
  kind: Kind,
  what: string,
  as: Persona,
  request: (f: Fixture) => BadRequest,
  expect: BadInputRow["expect"],
): BadInputRow => ({ route, kind, case: what, as, request, expect });

const PAGE = "GET, HEAD, POST";
const NOT_A_UUID = "not-a-uuid";
const later = () => new Date(Date.now() + 5 * 86_400_000).toISOString();

/**
 * Routes with an action that reads no body, with the reason; they still get a method row.
 * Every other action gets `bodyRows`.
 */
export const READS_NO_BODY: Record<string, string> = {
  "/auth/logout": "signing out needs nothing but the session (the origin check stops others)",
  "/api/calendar/google/notifications":
    "Google's notifications have no body: the channel's id and secret token are headers",
  "/api/advisors/:id/packages/:packageId/orders":
    "ordering a package needs the session and the package its URL names: the price is the server's",
};

export const BAD_INPUT: BadInputRow[] = [
  // Packages (issue 40)
  row(
    "/api/advisors/:id/packages/:packageId/orders",
    "method",
    "a DELETE",
    "seeker",
    (f) => ({
      method: "DELETE",
      path: `/api/advisors/${f.approvedAdvisorId}/packages/${f.packages.offerId}/orders`,
    }),
    { status: 405, message: M.methodNotAllowed("POST"), allow: "POST" },
  ),
  row(
    "/api/advisors/:id/packages/:packageId/orders",
    "id",
    "a package id that is no id",
    "seeker",
    (f) => ({
      path: `/api/advisors/${f.approvedAdvisorId}/packages/${NOT_A_UUID}/orders`,
      ...json({}),
    }),
    { status: 404, message: PURCHASE_MESSAGES.notOffered },
  ),
  ...bodyRows({
    route: "/packages/:purchaseId",
    as: "seeker",
    path: `/packages/${MATRIX_PURCHASE_ID}`,
    body: "form",
    maxBytes: 64 * KB,
    allow: PAGE,
  }),
  row(
    "/packages/:purchaseId",
    "id",
    "a package id that is no id",
    "seeker",
    () => ({ path: `/packages/${NOT_A_UUID}`, ...form({ intent: "cancel" }) }),
    { status: 404, message: "Oops! Page not found" },
  ),
  row(
    "/packages/:purchaseId",
    "missing",
    "no intent",
    "seeker",
    () => ({ path: `/packages/${MATRIX_PURCHASE_ID}`, ...form({}) }),
    { status: 400, message: PURCHASE_MESSAGES.unknownAction },
  ),

  // Paid questions (issue 40)
  ...bodyRows({
    route: "/api/advisors/:id/questions",
    as: "seeker",
    path: (f) => `/api/advisors/${f.approvedAdvisorId}/questions`,
    body: "json",
    maxBytes: 256 * KB,
    allow: "POST",
  }),
  row(
    "/api/advisors/:id/questions",
    "missing",
    "no question",
    "seeker",
    (f) => ({ path: `/api/advisors/${f.approvedAdvisorId}/questions`, ...json({}) }),
    { status: 400, message: QUESTION_MESSAGES.bodyTooShort },
  ),
  row(
    "/api/advisors/:id/questions",
    "missing",
    "attachments that are no list of files",
    "seeker",
    (f) => ({
      path: `/api/advisors/${f.approvedAdvisorId}/questions`,
      ...json({ body: "How do I move my PF when I change jobs?", attachments: "{" }),
    }),
    { status: 400, message: ATTACHMENT_MESSAGES.notFound },
  ),
  row(
    "/api/advisors/:id/questions",
    "missing",
    "someone else's file",
    "seeker",
    (f) => ({
      path: `/api/advisors/${f.approvedAdvisorId}/questions`,
      ...json({
        body: "How do I move my PF when I change jobs?",
        attachments: JSON.stringify([
          {
            fileKey: `messages/${f.ids.otherSeeker!.userId}/00000000-0000-4000-8000-000000000001.pdf`,
            fileName: "payslip.pdf",
            contentType: "application/pdf",
            byteSize: 2048,
          },
        ]),
      }),
    }),
    { status: 400, message: ATTACHMENT_MESSAGES.notFound },
  ),
  row(
    "/api/advisors/:id/questions",
    "id",
    "an advisor id that is no id",
    "seeker",
    () => ({ path: `/api/advisors/${NOT_A_UUID}/questions`, ...json({}) }),
    { status: 404, message: QUESTION_MESSAGES.notOffered },
  ),
  ...bodyRows({
    route: "/questions/:questionId",
    as: "seeker",
    path: `/questions/${MATRIX_QUESTION_ID}`,
    body: "form",
    maxBytes: 64 * KB,
    allow: PAGE,
  }),
  row(
    "/questions/:questionId",
    "id",
    "a question id that is no id",
    "seeker",
    () => ({ path: `/questions/${NOT_A_UUID}`, ...form({ intent: "rate" }) }),
    { status: 404, message: "Oops! Page not found" },
  ),
  row(
    "/questions/:questionId",
    "missing",
    "no intent",
    "seeker",
    () => ({ path: `/questions/${MATRIX_QUESTION_ID}`, ...form({}) }),
    { status: 400, message: QUESTION_MESSAGES.unknownAction },
  ),
  row(
    "/questions/:questionId",
    "missing",
    "a rating without its stars",
    "seeker",
    () => ({ path: `/questions/${MATRIX_QUESTION_ID}`, ...form({ intent: "rate" }) }),
    { status: 400, message: SESSION_MESSAGES.ratingRequired },
  ),
  ...bodyRows({
    route: "/dashboard/questions",
    as: "advisor",
    path: "/dashboard/questions",
    body: "form",
    maxBytes: 64 * KB,
    allow: PAGE,
  }),
  row(
    "/dashboard/questions",
    "missing",
    "no intent",
    "advisor",
    () => ({ path: "/dashboard/questions", ...form({}) }),
    { status: 400, message: QUESTION_MESSAGES.unknownAction },
  ),
  row(
    "/dashboard/questions",
    "missing",
    "an offer without its price",
    "advisor",
    () => ({ path: "/dashboard/questions", ...form({ intent: "save", answerDays: "3" }) }),
    { status: 400, message: QUESTION_MESSAGES.priceInvalid },
  ),

  // Conversations (issue 39)
  ...bodyRows({
    route: "/messages/open",
    as: "seeker",
    path: "/messages/open",
    body: "form",
    maxBytes: 64 * KB,
    allow: "POST",
  }),
  row(
    "/messages/open",
    "missing",
    "nobody to open it with",
    "seeker",
    () => ({ path: "/messages/open", ...form({}) }),
    {
      status: 400,
      message: CONVERSATION_MESSAGES.invalid,
    },
  ),
  row(
    "/messages/open",
    "missing",
    "an advisor id that is no id",
    "seeker",
    () => ({ path: "/messages/open", ...form({ advisorId: NOT_A_UUID }) }),
    { status: 404, message: CONVERSATION_MESSAGES.cannotOpen },
  ),
  ...bodyRows({
    route: "/messages/:conversationId",
    as: "seeker",
    path: `/messages/${MATRIX_CONVERSATION_ID}`,
    body: "form",
    maxBytes: 64 * KB,
    allow: PAGE,
  }),
  row(
    "/messages/:conversationId",
    "id",
    "a conversation id that is no id",
    "seeker",
    () => ({ path: `/messages/${NOT_A_UUID}`, ...form({ intent: "send", body: "Hi" }) }),
    { status: 404, message: "Oops! Page not found" },
  ),
  row(
    "/messages/:conversationId",
    "missing",
    "no intent",
    "seeker",
    () => ({ path: `/messages/${MATRIX_CONVERSATION_ID}`, ...form({ body: "Hi" }) }),
    { status: 400, message: CONVERSATION_MESSAGES.invalid },
  ),
  row(
    "/messages/:conversationId",
    "missing",
    "an empty message",
    "seeker",
    () => ({ path: `/messages/${MATRIX_CONVERSATION_ID}`, ...form({ intent: "send", body: " " }) }),
    { status: 400, message: CONVERSATION_MESSAGES.bodyRequired },
  ),
  row(
    "/messages/:conversationId",
    "missing",
    "a message over the limit",
    "seeker",
    () => ({
      path: `/messages/${MATRIX_CONVERSATION_ID}`,
      ...form({ intent: "send", body: "x".repeat(4001) }),
    }),
    { status: 400, message: CONVERSATION_MESSAGES.bodyTooLong },
  ),
  row(
    "/messages/:conversationId",
    "missing",
    "a control character",
    "seeker",
    () => ({
      path: `/messages/${MATRIX_CONVERSATION_ID}`,
      ...form({ intent: "send", body: "a\u0000b" }),
    }),
    { status: 400, message: "Please remove control characters" },
  ),
  row(
    "/messages/:conversationId",
    "missing",
    "a read marker that is no id",
    "seeker",
    () => ({
      path: `/messages/${MATRIX_CONVERSATION_ID}`,
      ...form({ intent: "read", through: "-1" }),
    }),
    { status: 400, message: CONVERSATION_MESSAGES.invalid },
  ),
  readOnly("/messages/stream", "/messages/stream", "seeker"),
  row(
    "/messages/stream",
    "id",
    "a conversation id that is no id",
    "seeker",
    () => ({ method: "GET", path: `/messages/stream?conversation=${NOT_A_UUID}&once=1` }),
    { status: 404, message: CONVERSATION_MESSAGES.notFound },
  ),
  row(
    "/messages/stream",
    "missing",
    "a last event id that is no id",
    "seeker",
    () => ({ method: "GET", path: "/messages/stream?after=abc&once=1" }),
    { status: 400, message: CONVERSATION_MESSAGES.invalid },
  ),

  // Settings
  ...bodyRows({
    route: "/settings/privacy",
    as: "seeker",
    path: "/settings/privacy",
    body: "form",
    maxBytes: 64 * KB,
    allow: PAGE,
  }),
  row(
    "/settings/privacy",
    "missing",
    "a choice the page does not offer",
    "seeker",
    () => ({ path: "/settings/privacy", ...form({ intent: "marketing-maybe" }) }),
    { status: 400, message: CONSENT_MESSAGES.invalid },
  ),

  // Public forms
  ...bodyRows({
    route: "/contact",
    as: "anonymous",
    path: "/contact",
    body: "form",
    maxBytes: 64 * KB,
    allow: PAGE,
  }),
  row(
    "/contact",
    "missing",
    "an empty form",
    "anonymous",
    () => ({ path: "/contact", ...form({}) }),
    {
      status: 400,
      message: CONTACT_MESSAGES.nameRequired,
    },
  ),
  ...bodyRows({
    route: "/auth",
    as: "anonymous",
    path: "/auth",
    body: "form",
    maxBytes: 64 * KB,
    allow: PAGE,
  }),
  row(
    "/auth",
    "missing",
    "a sign-in without its fields",
    "anonymous",
    () => ({ path: "/auth", ...form({ intent: "signin" }) }),
    {
      status: 400,
      message: AUTH_MESSAGES.emailInvalid,
    },
  ),
  ...bodyRows({
    route: "/auth/two-factor",
    as: "anonymous",
    path: "/auth/two-factor",
    body: "form",
    maxBytes: 64 * KB,
    allow: PAGE,
  }),
  row(
    "/auth/two-factor",
    "missing",
    "no code, and no password step before it",
    "anonymous",
    () => ({ path: "/auth/two-factor", ...form({}) }),
    { status: 400, message: SECURITY_MESSAGES.challengeExpired },
  ),
  ...bodyRows({
    route: "/api/passkey/sign-in",
    as: "anonymous",
    path: "/api/passkey/sign-in",
    body: "json",
    maxBytes: 16 * KB,
    allow: PAGE,
  }),
  row(
    "/api/passkey/sign-in",
    "missing",
    "no authenticator answer",
    "anonymous",
    () => ({ path: "/api/passkey/sign-in", ...json({}) }),
    { status: 400, message: SECURITY_MESSAGES.passkeyFailed },
  ),
  ...bodyRows({
    route: "/api/passkey/register",
    as: "seeker",
    path: "/api/passkey/register",
    body: "json",
    maxBytes: 16 * KB,
    allow: PAGE,
  }),
  row(
    "/api/passkey/register",
    "missing",
    "no name",
    "seeker",
    () => ({ path: "/api/passkey/register", ...json({}) }),
    { status: 400, message: SECURITY_MESSAGES.requiredFields },
  ),
  ...bodyRows({
    route: "/settings/security",
    as: "seeker",
    path: "/settings/security",
    body: "form",
    maxBytes: 64 * KB,
    allow: PAGE,
  }),
  row(
    "/settings/security",
    "missing",
    "turning on without the password",
    "seeker",
    () => ({ path: "/settings/security", ...form({ intent: "totp-start" }) }),
    { status: 400, message: SECURITY_MESSAGES.passwordRequired },
  ),
  row(
    "/settings/security",
    "missing",
    "a passkey name of 51 characters",
    "seeker",
    () => ({
      path: "/settings/security",
      ...form({ intent: "passkey-rename", id: "k", name: "x".repeat(51) }),
    }),
    { status: 400, message: SECURITY_MESSAGES.passkeyNameTooLong },
  ),
  ...bodyRows({
    route: "/forgot-password",
    as: "anonymous",
    path: "/forgot-password",
    body: "form",
    maxBytes: 64 * KB,
    allow: PAGE,
  }),
  row(
    "/forgot-password",
    "missing",
    "no e-mail",
    "anonymous",
    () => ({ path: "/forgot-password", ...form({}) }),
    {
      status: 400,
      message: AUTH_MESSAGES.emailInvalid,
    },
  ),
  ...bodyRows({
    route: "/reset-password",
    as: "anonymous",
    path: "/reset-password",
    body: "form",
    maxBytes: 64 * KB,
    allow: PAGE,
  }),
  row(
    "/reset-password",
    "missing",
    "no token",
    "anonymous",
    () => ({ path: "/reset-password", ...form({ password: "password-2" }) }),
    {
      status: 400,
      message: AUTH_MESSAGES.updatePasswordFailed,
    },
  ),
  ...bodyRows({
    route: "/settings/account",
    as: "seeker",
    path: "/settings/account",
    body: "form",
    maxBytes: 64 * KB,
    allow: PAGE,
  }),
  row(
    "/settings/account",
    "missing",
    "no intent",
    "seeker",
    () => ({ path: "/settings/account", ...form({ newEmail: "new@example.com" }) }),
    { status: 400, message: ACCOUNT_MESSAGES.unknownAction },
  ),
  row(
    "/settings/account",
    "missing",
    "a change of e-mail without the address",
    "seeker",
    () => ({ path: "/settings/account", ...form({ intent: "change-email" }) }),
    { status: 400, message: AUTH_MESSAGES.emailInvalid },
  ),
  row(
    "/settings/account",
    "missing",
    "a sign-out without the session's id",
    "seeker",
    () => ({ path: "/settings/account", ...form({ intent: "revoke-session" }) }),
    { status: 400, message: ACCOUNT_MESSAGES.sessionGone },
  ),
  ...bodyRows({
    route: "/account/undo-email-change",
    as: "anonymous",
    path: "/account/undo-email-change",
    body: "form",
    maxBytes: 64 * KB,
    allow: PAGE,
  }),
  row(
    "/account/undo-email-change",
    "missing",
    "no token",
    "anonymous",
    () => ({ path: "/account/undo-email-change", ...form({}) }),
    { status: 400, message: ACCOUNT_MESSAGES.undoInvalid },
  ),
  row(
    "/auth/logout",
    "method",
    "a PUT",
    "seeker",
    () => ({ method: "PUT", path: "/auth/logout" }),
    {
      status: 405,
      message: M.methodNotAllowed(PAGE),
      allow: PAGE,
    },
  ),
  readOnly("/api/auth/*", "/api/auth/sign-in/email", "seeker"),

  // Public feeds
  readOnly("/api/advisors", "/api/advisors"),
  readOnly("/api/advisors/suggestions", "/api/advisors/suggestions?q=reloc"),
  ...(["slots", "dates"] as const).flatMap((feed): BadInputRow[] => {
    const route = `/api/advisors/:id/${feed}`;
    const query = "?tz=Asia/Kolkata&duration=30&date=2030-01-07";
    return [
      readOnly(route, (f) => `/api/advisors/${f.approvedAdvisorId}/${feed}${query}`),
      row(
        route,
        "id",
        "an advisor id that is no id",
        "anonymous",
        () => ({ method: "GET", path: `/api/advisors/${NOT_A_UUID}/${feed}${query}` }),
        {
          status: 404,
          message: "Advisor not found",
        },
      ),
      row(
        route,
        "missing",
        "a duration that is not offered",
        "anonymous",
        (f) => ({
          method: "GET",
          path: `/api/advisors/${f.approvedAdvisorId}/${feed}?date=2030-01-07&duration=45`,
        }),
        { status: 400, message: SLOT_QUERY_ERRORS.duration },
      ),
    ];
  }),

  // Role switching and the sessions page
  ...bodyRows({
    route: "/api/role",
    as: "seeker",
    path: "/api/role",
    body: "form",
    maxBytes: 64 * KB,
    allow: "POST",
  }),
  row("/api/role", "missing", "no role", "seeker", () => ({ path: "/api/role", ...form({}) }), {
    status: 400,
    message: "Choose a role: admin, advisor, seeker.",
  }),
  ...bodyRows({
    route: "/dashboard",
    as: "seeker",
    path: "/dashboard",
    body: "form",
    maxBytes: 64 * KB,
    allow: PAGE,
  }),
  ...(["cancel", "reschedule", "review", "no-show-report", "no-show-dispute"] as const).map(
    (intent) =>
      row(
        "/dashboard",
        "id",
        `${intent} with a booking id that is no id`,
        "seeker",
        () => ({
          path: "/dashboard",
          ...form({ intent, bookingId: NOT_A_UUID, reason: "Plans changed", start: later() }),
        }),
        { status: 404, message: SESSION_MESSAGES.notFound },
      ),
  ),
  row(
    "/dashboard",
    "missing",
    "no intent",
    "seeker",
    (f) => ({ path: "/dashboard", ...form({ bookingId: f.booking.id }) }),
    { status: 400, message: "Unknown action" },
  ),
  row(
    "/dashboard",
    "missing",
    "a cancel without its reason",
    "seeker",
    (f) => ({
      path: "/dashboard",
      ...form({ intent: "cancel", bookingId: f.booking.id }),
    }),
    { status: 400, message: SESSION_MESSAGES.reasonRequired },
  ),
  ...(["no-show-report", "no-show-dispute"] as const).map((intent) =>
    row(
      "/dashboard",
      "missing",
      `a ${intent} without its note`,
      "seeker",
      (f) => ({ path: "/dashboard", ...form({ intent, bookingId: f.booking.id }) }),
      { status: 400, message: NO_SHOW_MESSAGES.noteRequired },
    ),
  ),
  row(
    "/dashboard",
    "missing",
    "a reschedule without a time",
    "seeker",
    (f) => ({
      path: "/dashboard",
      ...form({ intent: "reschedule", bookingId: f.booking.id, start: "not a time" }),
    }),
    { status: 400, message: SESSION_MESSAGES.newTimeRequired },
  ),
  ...bodyRows({
    route: "/dashboard/availability",
    as: "advisor",
    path: "/dashboard/availability",
    body: "form",
    maxBytes: 64 * KB,
    allow: PAGE,
  }),
  ...bodyRows({
    route: "/dashboard/availability/google-calendar",
    as: "advisor",
    path: "/dashboard/availability/google-calendar",
    body: "form",
    maxBytes: 64 * KB,
    allow: PAGE,
  }),
  row(
    "/dashboard/availability/google-calendar",
    "missing",
    "no intent",
    "advisor",
    () => ({ path: "/dashboard/availability/google-calendar", ...form({}) }),
    { status: 400, message: ADVISOR_CALENDAR_MESSAGES.unknownAction },
  ),
  {
    route: "/api/calendar/google/notifications",
    kind: "method",
    case: "a GET",
    as: "anonymous",
    request: () => ({ method: "GET", path: "/api/calendar/google/notifications" }),
    expect: { status: 405, message: M.methodNotAllowed("POST"), allow: "POST" },
  },
  row(
    "/dashboard/availability",
    "missing",
    "no week",
    "advisor",
    () => ({ path: "/dashboard/availability", ...form({}) }),
    {
      status: 400,
      message: INVALID_AVAILABILITY_MESSAGE,
    },
  ),

  // A session's .ics download: read only, and not found for an id that is no id.
  readOnly("/sessions/:id/calendar.ics", (f) => `/sessions/${f.booking.id}/calendar.ics`, "seeker"),
  row(
    "/sessions/:id/calendar.ics",
    "id",
    "a session id that is no id",
    "seeker",
    () => ({ method: "GET", path: `/sessions/${NOT_A_UUID}/calendar.ics` }),
    { status: 404, message: "Not found" },
  ),

  // Booking and payment (JSON)
  ...bodyRows({
    route: "/api/bookings",
    as: "seeker",
    path: "/api/bookings",
    body: "json",
    maxBytes: 256 * KB,
    allow: "POST",
  }),
  row(
    "/api/bookings",
    "id",
    "an advisor id that is no id",
    "seeker",
    () => ({
      path: "/api/bookings",
      ...json({
        advisorId: NOT_A_UUID,
        topics: ["Career change"],
        sessionType: "First Call",
        duration: 30,
        datetime: later(),
        seekerTimezone: "Asia/Kolkata",
      }),
    }),
    { status: 400, message: BOOKING_MESSAGES.invalidRequest },
  ),
  row(
    "/api/bookings",
    "missing",
    "an empty request",
    "seeker",
    () => ({ path: "/api/bookings", ...json({}) }),
    {
      status: 400,
      message: BOOKING_MESSAGES.invalidRequest,
    },
  ),
  ...bodyRows({
    route: "/free-discovery-call",
    as: "seeker",
    path: "/free-discovery-call",
    body: "form",
    maxBytes: 64 * KB,
    allow: PAGE,
  }),
  row(
    "/free-discovery-call",
    "missing",
    "an empty form",
    "seeker",
    () => ({ path: "/free-discovery-call", ...form({}) }),
    {
      status: 400,
      message: BOOKING_MESSAGES.adviceRequired,
    },
  ),
  ...bodyRows({
    route: "/api/discovery-calls",
    as: "seeker",
    path: "/api/discovery-calls",
    body: "json",
    maxBytes: 256 * KB,
    allow: "POST",
  }),
  row(
    "/api/discovery-calls",
    "missing",
    "an empty request",
    "seeker",
    () => ({ path: "/api/discovery-calls", ...json({}) }),
    {
      status: 400,
      message: BOOKING_MESSAGES.discoveryFailed,
    },
  ),
  ...bodyRows({
    route: "/api/payments/verify",
    as: "seeker",
    path: "/api/payments/verify",
    body: "json",
    maxBytes: 256 * KB,
    allow: "POST",
  }),
  row(
    "/api/payments/verify",
    "missing",
    "an empty request",
    "seeker",
    () => ({ path: "/api/payments/verify", ...json({}) }),
    {
      status: 400,
      message: BOOKING_MESSAGES.verificationFailed,
    },
  ),
  ...bodyRows({
    route: "/api/payments/release",
    as: "seeker",
    path: "/api/payments/release",
    body: "json",
    maxBytes: 256 * KB,
    allow: "POST",
  }),
  row(
    "/api/payments/release",
    "id",
    "a payment id that is no id",
    "seeker",
    () => ({
      path: "/api/payments/release",
      ...json({ paymentId: NOT_A_UUID, reason: "dismissed" }),
    }),
    { status: 400, message: "Invalid request body" },
  ),
  row(
    "/api/payments/release",
    "missing",
    "no reason",
    "seeker",
    (f) => ({
      path: "/api/payments/release",
      ...json({ paymentId: f.booking.paymentId }),
    }),
    { status: 400, message: "Invalid request body" },
  ),
  ...bodyRows({
    route: "/api/test-checkout",
    as: "seeker",
    path: "/api/test-checkout",
    body: "json",
    maxBytes: 256 * KB,
    allow: "POST",
  }),
  row(
    "/api/test-checkout",
    "missing",
    "no order",
    "seeker",
    () => ({ path: "/api/test-checkout", ...json({}) }),
    {
      status: 400,
      message: "Invalid request body",
    },
  ),
  ...bodyRows({
    route: "/api/webhooks/razorpay",
    as: "anonymous",
    path: "/api/webhooks/razorpay",
    body: "json",
    maxBytes: 256 * KB,
    allow: "POST",
    // The raw body is signed: an unsigned one is refused before it is parsed.
    syntax: { status: 400, message: "Invalid signature" },
  }),
  row(
    "/api/webhooks/razorpay",
    "missing",
    "no event",
    "anonymous",
    () => ({ path: "/api/webhooks/razorpay", ...json({}) }),
    {
      status: 400,
      message: "Invalid signature",
    },
  ),
  // WhatsApp's webhook (issue 41): the matrix's app has no WhatsApp configured, so after the
  // body is read (its type, size and encoding checked as for any JSON) there is none.
  ...bodyRows({
    route: "/api/webhooks/whatsapp",
    as: "anonymous",
    path: "/api/webhooks/whatsapp",
    body: "json",
    maxBytes: 256 * KB,
    allow: PAGE,
    syntax: { status: 404, message: "Not found" },
  }),
  row(
    "/api/webhooks/whatsapp",
    "missing",
    "no entries",
    "anonymous",
    () => ({ path: "/api/webhooks/whatsapp", ...json({}) }),
    { status: 404, message: "Not found" },
  ),
  // The local outbox playing an SMS's delivery report (local runs, loopback only).
  ...bodyRows({
    route: "/dev/messages",
    as: "anonymous",
    path: "/dev/messages",
    body: "form",
    maxBytes: 64 * KB,
    allow: PAGE,
  }),
  row(
    "/dev/messages",
    "missing",
    "a report without its message",
    "anonymous",
    () => ({ path: "/dev/messages", ...form({ report: "delivered" }) }),
    { status: 400, message: PHONE_MESSAGES.actionInvalid },
  ),
  // MSG91's delivery reports (issue 41) come as a form (its v2 webhook) or JSON (v3).
  ...bodyRows({
    route: "/api/webhooks/msg91",
    as: "anonymous",
    path: (f) => `/api/webhooks/msg91?token=${f.smsWebhookToken}`,
    body: "form",
    maxBytes: 64 * KB,
    allow: "POST",
  }).filter((r) => r.case !== "JSON instead of a form"),
  row(
    "/api/webhooks/msg91",
    "syntax",
    "broken JSON",
    "anonymous",
    (f) => ({
      path: `/api/webhooks/msg91?token=${f.smsWebhookToken}`,
      contentType: "application/json",
      body: '{"requestId": ',
    }),
    { status: 400, message: M.malformedJson },
  ),
  row(
    "/api/webhooks/msg91",
    "missing",
    "a form without its data",
    "anonymous",
    (f) => ({ path: `/api/webhooks/msg91?token=${f.smsWebhookToken}`, ...form({ a: "1" }) }),
    { status: 400, message: "Not an MSG91 delivery report" },
  ),
  row(
    "/api/webhooks/msg91",
    "missing",
    "a report without its request id",
    "anonymous",
    (f) => ({
      path: `/api/webhooks/msg91?token=${f.smsWebhookToken}`,
      ...json({ status: "1", desc: "DELIVERED" }),
    }),
    { status: 400, message: "Not an MSG91 delivery report" },
  ),

  // Becoming an advisor and keeping the profile
  ...bodyRows({
    route: "/become-advisor/apply",
    as: "seeker",
    path: "/become-advisor/apply",
    body: "json",
    maxBytes: 256 * KB,
    allow: PAGE,
  }),
  row(
    "/become-advisor/apply",
    "missing",
    "no intent",
    "seeker",
    () => ({ path: "/become-advisor/apply", ...json({}) }),
    {
      status: 400,
      message: "Bad request",
    },
  ),
  ...bodyRows({
    route: "/admin/advisors/:id/changes",
    as: "admin",
    path: (f) => `/admin/advisors/${f.bystanderAdvisorId}/changes`,
    body: "form",
    maxBytes: 64 * KB,
    allow: PAGE,
  }),
  row(
    "/admin/advisors/:id/changes",
    "id",
    "a decision on an id that is no id",
    "admin",
    () => ({
      path: `/admin/advisors/${NOT_A_UUID}/changes`,
      ...form({ intent: "approve", revision: "1" }),
    }),
    { status: 404, message: "Oops! Page not found" },
  ),
  row(
    "/admin/advisors/:id/changes",
    "missing",
    "a decision without its revision",
    "admin",
    (f) => ({
      path: `/admin/advisors/${f.bystanderAdvisorId}/changes`,
      ...form({ intent: "approve" }),
    }),
    { status: 400, message: ADMIN_MESSAGES.updateStatusFailed },
  ),
  ...bodyRows({
    route: "/advisor/:id/edit",
    as: "advisor",
    path: (f) => `/advisor/${f.approvedAdvisorId}/edit`,
    body: "json",
    maxBytes: 256 * KB,
    allow: PAGE,
  }),
  row(
    "/advisor/:id/edit",
    "id",
    "an id that is no id (one's own profile is saved)",
    "advisor",
    () => ({
      path: `/advisor/${NOT_A_UUID}/edit`,
      ...json({ values: {} }),
    }),
    { status: 400, message: PROFILE_EDIT_MESSAGES.validationError },
  ),
  row(
    "/advisor/:id/edit",
    "missing",
    "no values",
    "advisor",
    (f) => ({ path: `/advisor/${f.approvedAdvisorId}/edit`, ...json({}) }),
    {
      status: 400,
      message: PROFILE_EDIT_MESSAGES.validationError,
    },
  ),
  ...bodyRows({
    route: "/api/advisor/headshot",
    as: "advisor",
    path: "/api/advisor/headshot",
    body: "form",
    maxBytes: 5 * KB * KB + 64 * KB,
    allow: "POST",
    tooLarge: "Image size must be less than 5MB",
  }),
  row(
    "/api/advisor/headshot",
    "id",
    "an admin naming an advisor id that is no id",
    "admin",
    () => ({
      path: "/api/advisor/headshot",
      ...multipart({ advisorId: NOT_A_UUID }, "file"),
    }),
    { status: 404, message: ADMIN_MESSAGES.advisorNotFound },
  ),
  row(
    "/api/advisor/headshot",
    "missing",
    "no file",
    "advisor",
    () => ({ path: "/api/advisor/headshot", ...multipart({}) }),
    {
      status: 400,
      message: "Please select a valid image file",
    },
  ),
  ...bodyRows({
    route: "/settings",
    as: "seeker",
    path: "/settings?index",
    body: "form",
    maxBytes: 64 * KB,
    allow: PAGE,
  }),
  row(
    "/settings",
    "missing",
    "an empty form",
    "seeker",
    () => ({
      path: "/settings?index",
      ...form({}),
    }),
    { status: 400, message: AUTH_MESSAGES.requiredFields },
  ),
  ...bodyRows({
    route: "/settings/notifications",
    as: "seeker",
    path: "/settings/notifications",
    body: "form",
    maxBytes: 64 * KB,
    allow: PAGE,
  }),
  row(
    "/settings/notifications",
    "missing",
    "no list of the boxes shown",
    "seeker",
    () => ({ path: "/settings/notifications", ...form({ "reminders.email": "on" }) }),
    { status: 400, message: SETTINGS_MESSAGES.preferencesInvalid },
  ),
  row(
    "/settings/notifications",
    "missing",
    "a code check without its code",
    "seeker",
    () => ({ path: "/settings/notifications", ...form({ intent: "verify-code" }) }),
    { status: 400, message: PHONE_MESSAGES.codeInvalid },
  ),
  row(
    "/settings/notifications",
    "missing",
    "an opt-in without its channel",
    "seeker",
    () => ({ path: "/settings/notifications", ...form({ intent: "channel", on: "true" }) }),
    { status: 400, message: PHONE_MESSAGES.actionInvalid },
  ),
  row(
    "/settings/notifications",
    "missing",
    "an intent no page sends",
    "seeker",
    () => ({ path: "/settings/notifications", ...form({ intent: "drop-table" }) }),
    { status: 400, message: PHONE_MESSAGES.actionInvalid },
  ),
  ...bodyRows({
    route: "/api/profile-photo",
    as: "seeker",
    path: "/api/profile-photo",
    body: "form",
    maxBytes: 5 * KB * KB + 64 * KB,
    allow: "POST",
    tooLarge: "Image size must be less than 5MB",
  }),
  row(
    "/api/profile-photo",
    "missing",
    "no file",
    "seeker",
    () => ({ path: "/api/profile-photo", ...multipart({}) }),
    { status: 400, message: "Please select a valid image file" },
  ),
  row(
    "/api/profile-photo",
    "missing",
    "a file that is no picture",
    "seeker",
    () => ({ path: "/api/profile-photo", ...multipart({}, "file") }),
    { status: 400, message: "Please select a valid image file" },
  ),
  ...bodyRows({
    route: "/api/advisor/bank-details",
    as: "advisor",
    path: "/api/advisor/bank-details",
    body: "json",
    maxBytes: 16 * KB,
    allow: PAGE,
  }),
  row(
    "/api/advisor/bank-details",
    "missing",
    "an empty form",
    "advisor",
    () => ({ path: "/api/advisor/bank-details", ...json({}) }),
    {
      status: 400,
      message: BANK_MESSAGES.allRequired,
    },
  ),

  // Settings › Privacy (its body rows are with the consents' above)
  row(
    "/settings/privacy",
    "missing",
    "no choice at all",
    "seeker",
    () => ({ path: "/settings/privacy", ...form({}) }),
    { status: 400, message: CONSENT_MESSAGES.invalid },
  ),
  row(
    "/settings/privacy",
    "missing",
    "a deletion without the password",
    "seeker",
    () => ({ path: "/settings/privacy", ...form({ intent: "delete" }) }),
    { status: 400, message: PRIVACY_MESSAGES.deletePasswordRequired },
  ),
  ...bodyRows({
    route: "/admin/users/:id/delete",
    as: "admin",
    path: (f) => `/admin/users/${f.ids.otherSeeker!.userId}/delete`,
    body: "form",
    maxBytes: 64 * KB,
    allow: PAGE,
  }),
  row(
    "/admin/users/:id/delete",
    "id",
    "a deletion of an id that is no id",
    "admin",
    () => ({ path: `/admin/users/${NOT_A_UUID}/delete`, ...form({ confirmation: "DELETE" }) }),
    { status: 404, message: "Oops! Page not found" },
  ),
  row(
    "/admin/users/:id/delete",
    "missing",
    "a deletion without the confirmation word",
    "admin",
    (f) => ({ path: `/admin/users/${f.ids.otherSeeker!.userId}/delete`, ...form({}) }),
    { status: 400, message: PRIVACY_MESSAGES.deleteWordWrong },
  ),

  // Admin screens
  ...bodyRows({
    route: "/admin/users",
    as: "admin",
    path: "/admin/users",
    body: "form",
    maxBytes: 64 * KB,
    allow: PAGE,
  }),
  row(
    "/admin/users",
    "id",
    "a user id that is no id",
    "admin",
    () => ({ path: "/admin/users", ...form({ intent: "grant", userId: NOT_A_UUID }) }),
    {
      status: 400,
      message: ADMIN_MESSAGES.updateRoleFailed,
    },
  ),
  row(
    "/admin/users",
    "missing",
    "no user",
    "admin",
    () => ({ path: "/admin/users", ...form({ intent: "grant" }) }),
    {
      status: 400,
      message: ADMIN_MESSAGES.updateRoleFailed,
    },
  ),
  ...bodyRows({
    route: "/admin/payouts",
    as: "admin",
    path: "/admin/payouts",
    body: "form",
    maxBytes: 64 * KB,
    allow: PAGE,
  }),
  row(
    "/admin/payouts",
    "id",
    "a transfer id that is no id",
    "admin",
    () => ({ path: "/admin/payouts", ...form({ intent: "retry", transferId: NOT_A_UUID }) }),
    { status: 400, message: PAYOUT_MESSAGES.retryFailed },
  ),
  row(
    "/admin/payouts",
    "missing",
    "a retry without its transfer",
    "admin",
    () => ({ path: "/admin/payouts", ...form({ intent: "retry" }) }),
    { status: 400, message: PAYOUT_MESSAGES.retryFailed },
  ),
  ...bodyRows({
    route: "/admin/messages",
    as: "admin",
    path: "/admin/messages",
    body: "form",
    maxBytes: 64 * KB,
    allow: PAGE,
  }),
  ...bodyRows({
    route: "/admin/no-shows",
    as: "admin",
    path: "/admin/no-shows",
    body: "form",
    maxBytes: 64 * KB,
    allow: PAGE,
  }),
  row(
    "/admin/messages",
    "id",
    "a message id that is no id",
    "admin",
    () => ({ path: "/admin/messages", ...form({ intent: "retry", messageId: NOT_A_UUID }) }),
    { status: 404, message: PHONE_MESSAGES.notDeadLetter },
  ),
  row(
    "/admin/messages",
    "missing",
    "a retry without its message",
    "admin",
    () => ({ path: "/admin/messages", ...form({ intent: "retry" }) }),
    { status: 400, message: PHONE_MESSAGES.actionInvalid },
  ),
  row(
    "/admin/no-shows",
    "id",
    "a report id that is no id",
    "admin",
    () => ({
      path: "/admin/no-shows",
      ...form({ intent: "decide", reportId: NOT_A_UUID, outcome: "no_fault" }),
    }),
    { status: 404, message: NO_SHOW_MESSAGES.notFound },
  ),
  row(
    "/admin/no-shows",
    "missing",
    "a decision without its outcome",
    "admin",
    (f) => ({ path: "/admin/no-shows", ...form({ intent: "decide", reportId: f.missingId }) }),
    { status: 400, message: NO_SHOW_MESSAGES.outcomeRequired },
  ),
  ...bodyRows({
    route: "/admin/advisors",
    as: "admin",
    path: "/admin/advisors",
    body: "form",
    maxBytes: 64 * KB,
    allow: PAGE,
  }),
  row(
    "/admin/advisors",
    "id",
    "an advisor id that is no id",
    "admin",
    () => ({ path: "/admin/advisors", ...form({ intent: "approve", advisorId: NOT_A_UUID }) }),
    {
      status: 400,
      message: ADMIN_MESSAGES.updateStatusFailed,
    },
  ),
  row(
    "/admin/advisors",
    "missing",
    "a decision without its advisor",
    "admin",
    () => ({ path: "/admin/advisors", ...form({ intent: "approve" }) }),
    { status: 400, message: ADMIN_MESSAGES.updateStatusFailed },
  ),
  ...bodyRows({
    route: "/admin/advisors/new",
    as: "admin",
    path: "/admin/advisors/new",
    body: "form",
    maxBytes: 5 * KB * KB + 256 * KB,
    allow: PAGE,
    tooLarge: "Image size must be less than 5MB",
  }),
  row(
    "/admin/advisors/new",
    "missing",
    "no values",
    "admin",
    () => ({ path: "/admin/advisors/new", ...multipart({}) }),
    {
      status: 400,
      message: ADMIN_MESSAGES.fixHighlighted,
    },
  ),
  ...bodyRows({
    route: "/admin/advisors/:id/profile",
    as: "admin",
    path: (f) => `/admin/advisors/${f.bystanderAdvisorId}/profile`,
    body: "json",
    maxBytes: 64 * KB,
    allow: "GET, HEAD, POST",
  }),
  row(
    "/admin/advisors/:id/profile",
    "id",
    "a save to an id that is no id",
    "admin",
    () => ({
      path: `/admin/advisors/${NOT_A_UUID}/profile`,
      ...json({ values: {} }),
    }),
    { status: 404, message: "Not Found" },
  ),
  row(
    "/admin/advisors/:id/profile",
    "id",
    "a read of an id that is no id",
    "admin",
    () => ({
      method: "GET",
      path: `/admin/advisors/${NOT_A_UUID}/profile`,
    }),
    { status: 404, message: "Not Found" },
  ),
  row(
    "/admin/advisors/:id/profile",
    "missing",
    "no values",
    "admin",
    (f) => ({
      path: `/admin/advisors/${f.bystanderAdvisorId}/profile`,
      ...json({}),
    }),
    { status: 400, message: PROFILE_EDIT_MESSAGES.validationError },
  ),
  // Conversations' files and reports (issue 39, part B).
  ...bodyRows({
    route: "/api/messages/attachments",
    as: "seeker",
    path: "/api/messages/attachments",
    body: "form",
    maxBytes: 10 * KB * KB + 64 * KB,
    allow: "POST",
    tooLarge: ATTACHMENT_MESSAGES.tooLarge,
  }),
  row(
    "/api/messages/attachments",
    "missing",
    "no file",
    "seeker",
    () => ({ path: "/api/messages/attachments", ...multipart({}) }),
    { status: 400, message: ATTACHMENT_MESSAGES.missing },
  ),
  row(
    "/api/messages/attachments",
    "missing",
    "a file that is none of the kinds taken",
    "seeker",
    () => ({ path: "/api/messages/attachments", ...multipart({}, "file") }),
    { status: 400, message: ATTACHMENT_MESSAGES.wrongType },
  ),
  readOnly(
    "/messages/attachments/:attachmentId",
    (f) => `/messages/attachments/${f.conversations.mine.attachmentId}`,
    "seeker",
  ),
  row(
    "/messages/attachments/:attachmentId",
    "id",
    "a file id that is no id",
    "seeker",
    () => ({ method: "GET", path: `/messages/attachments/${NOT_A_UUID}` }),
    { status: 404, message: ATTACHMENT_MESSAGES.notFound },
  ),
  ...bodyRows({
    route: "/messages/:conversationId/report",
    as: "seeker",
    path: (f) => `/messages/${f.conversations.mine.id}/report`,
    body: "form",
    maxBytes: 64 * KB,
    allow: "POST",
  }),
  row(
    "/messages/:conversationId/report",
    "missing",
    "no reason",
    "seeker",
    (f) => ({ path: `/messages/${f.conversations.mine.id}/report`, ...form({}) }),
    { status: 400, message: REPORT_MESSAGES.reasonRequired },
  ),
  row(
    "/messages/:conversationId/report",
    "id",
    "a conversation id that is no id",
    "seeker",
    () => ({ path: `/messages/${NOT_A_UUID}/report`, ...form({ reason: "Rude" }) }),
    { status: 404, message: REPORT_MESSAGES.failed },
  ),
  ...bodyRows({
    route: "/admin/reports",
    as: "admin",
    path: "/admin/reports",
    body: "form",
    maxBytes: 64 * KB,
    allow: PAGE,
  }),
  row(
    "/admin/reports",
    "id",
    "a report id that is no id",
    "admin",
    () => ({
      path: "/admin/reports",
      ...form({ intent: "close", reportId: NOT_A_UUID, outcome: "dismissed" }),
    }),
    { status: 400, message: ADMIN_REPORT_MESSAGES.invalid },
  ),
  row(
    "/admin/reports",
    "missing",
    "no outcome",
    "admin",
    (f) => ({ path: "/admin/reports", ...form({ intent: "close", reportId: f.missingId }) }),
    { status: 400, message: ADMIN_REPORT_MESSAGES.invalid },
  ),

  // The packages an advisor sells and the admin hides (issue 40)
  ...bodyRows({
    route: "/dashboard/packages",
    as: "advisor",
    path: "/dashboard/packages",
    body: "form",
    maxBytes: 64 * KB,
    allow: PAGE,
  }),
  row(
    "/dashboard/packages",
    "missing",
    "no intent",
    "advisor",
    () => ({ path: "/dashboard/packages", ...form({}) }),
    { status: 400, message: PACKAGE_MESSAGES.invalid },
  ),
  row(
    "/dashboard/packages",
    "id",
    "a package id that is no id",
    "advisor",
    () => ({ path: "/dashboard/packages", ...form({ intent: "withdraw", packageId: NOT_A_UUID }) }),
    { status: 404, message: PACKAGE_MESSAGES.notFound },
  ),
  ...bodyRows({
    route: "/admin/packages",
    as: "admin",
    path: "/admin/packages",
    body: "form",
    maxBytes: 64 * KB,
    allow: PAGE,
  }),
  row(
    "/admin/packages",
    "missing",
    "a hide without its package",
    "admin",
    () => ({ path: "/admin/packages", ...form({ intent: "hide" }) }),
    { status: 400, message: PACKAGE_MESSAGES.invalid },
  ),
  row(
    "/admin/packages",
    "id",
    "a package id that is no id",
    "admin",
    () => ({ path: "/admin/packages", ...form({ intent: "hide", packageId: NOT_A_UUID }) }),
    { status: 404, message: PACKAGE_MESSAGES.notFound },
  ),
];

import { randomUUID } from "node:crypto";
import { eq, type SQL, sql } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { loadServerBundle } from "../../tests/support/server-bundle";
import {
  type MatrixConversation,
  matrixConversations,
} from "../conversations/matrix-conversations.test-support";
import { createBooking } from "../db/factories.test-support";
import type { Db } from "../db/client.server";
import {
  advisorPackages,
  authSessions,
  conversations,
  advisors,
  messages,
  packagePurchases,
  paidQuestions,
  payments,
  users,
} from "../db/schema";
import { createStorage } from "../storage/storage.server";
import { startTestApp, type TestApp } from "./app.test-support";

/*
 * What the HTTP matrices (authorization, bad input) share: the production build over a fresh
 * database with one signed-in account per persona, the ids rows refer to, and the route table
 * read from the build, so a route without rows fails them.
 */

export const PERSONAS = [
  "anonymous",
  "seeker",
  "otherSeeker",
  "advisor",
  "otherAdvisor",
  "pendingAdvisor",
  "admin",
] as const;
export type Persona = (typeof PERSONAS)[number];

/** The people and ids every row can use; each persona is a fresh account of its own. */
export type Fixture = {
  db: Db;
  /** The signed-in person's ids (null for anonymous). */
  ids: Record<Persona, { userId: string; advisorId: string | null } | null>;
  /** An approved advisor's id (the `advisor` persona's) and a pending one's. */
  approvedAdvisorId: string;
  pendingAdvisorId: string;
  /** An approved advisor who never signs in: someone else's resources for every persona. */
  bystanderAdvisorId: string;
  /** A session of the bystander's: someone else's sign-in for every persona. */
  bystanderSessionId: string;
  /** An id nobody has. */
  missingId: string;
  /** The seeker's paid, confirmed session with the `advisor` persona. */
  booking: { id: string; paymentId: string; orderId: string };
  /** The seeker's conversation with the `advisor` persona (issue 39), with one message. */
  conversationId: string;
  /**
   * Issue 39's files and reports: that conversation with a PDF (`mine`), and the other
   * seeker's with the other advisor, reported (`reported`).
   */
  conversations: { mine: MatrixConversation; reported: MatrixConversation };
  /** A package the bystander sells (issue 40): someone else's for every persona. */
  bystanderPackageId: string;
  /** The secret MSG91's delivery reports carry (the app's generated local one, ADR 95). */
  smsWebhookToken: string;
  /** Issue 40: the `advisor` persona's package, bought by the seeker (paid, active). */
  packages: { offerId: string; purchaseId: string };
  /** Issue 40: the `advisor` persona takes paid questions; the seeker's open one, unanswered. */
  questionId: string;
};

type Person = Awaited<ReturnType<TestApp["createPerson"]>>;
export type People = Record<Exclude<Persona, "anonymous">, Person>;

/** The app, its route table, a signed-in account per persona and the fixture rows refer to. */
export async function startMatrixApp() {
  const app = await startTestApp();
  const build = await loadServerBundle();
  const people = {
    seeker: await app.createPerson(),
    otherSeeker: await app.createPerson(),
    advisor: await app.createPerson({ advisor: "approved" }),
    otherAdvisor: await app.createPerson({ advisor: "approved" }),
    pendingAdvisor: await app.createPerson({ advisor: "pending" }),
    admin: await app.createPerson({ admin: true }),
  } satisfies People;
  const bystander = await app.createPerson({ advisor: "approved" });
  const fixture: Fixture = {
    db: app.database.db,
    ids: {
      anonymous: null,
      ...(Object.fromEntries(
        Object.entries(people).map(([p, person]) => [
          p,
          { userId: person.userId, advisorId: person.advisorId },
        ]),
      ) as Omit<Fixture["ids"], "anonymous">),
    },
    approvedAdvisorId: people.advisor.advisorId!,
    pendingAdvisorId: people.pendingAdvisor.advisorId!,
    bystanderAdvisorId: bystander.advisorId!,
    bystanderSessionId: await sessionOf(app.database.db, bystander.userId),
    missingId: randomUUID(),
    booking: await paidBooking(app.database.db, people.seeker.userId, people.advisor.advisorId!),
    conversationId: await conversationOf(
      app.database.db,
      people.seeker.userId,
      people.advisor.advisorId!,
    ),
    conversations: await matrixConversations(app.database.db, createStorage(app.config), people),
    bystanderPackageId: await packageOf(app.database.db, bystander.advisorId!),
    smsWebhookToken: app.config.channels.smsWebhookToken!,
    packages: await boughtPackage(app.database.db, people.seeker.userId, people.advisor.advisorId!),
    questionId: await askedQuestion(
      app.database.db,
      people.seeker.userId,
      people.advisor.advisorId!,
    ),
  };
  return { app, routes: builtRoutes(build), people: people as People, fixture };
}

/** A live session of the person's own, as a sign-in elsewhere would leave. */
async function sessionOf(db: Db, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  const id = randomUUID();
  await db.insert(authSessions).values({
    id,
    token: randomUUID(),
    userId: user!.authUserId!,
    expiresAt: new Date(Date.now() + 86_400_000),
    userAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
  });
  return id;
}

/** A package on sale, written directly. */
async function packageOf(db: Db, advisorId: string) {
  const [row] = await db
    .insert(advisorPackages)
    .values({
      advisorId,
      name: "Bystander's package",
      sessions: 3,
      duration: 30,
      validityDays: 60,
      priceInr: 100,
    })
    .returning({ id: advisorPackages.id });
  return row!.id;
}

/** The fixture's conversation id: fixed, so a row can expect a redirect to it. */
export const MATRIX_CONVERSATION_ID = "00000000-0000-4000-8000-00000000c0de";

/** The pair's conversation, with a message from the seeker. */
async function conversationOf(db: Db, seekerId: string, advisorId: string) {
  const [c] = await db
    .insert(conversations)
    .values({ id: MATRIX_CONVERSATION_ID, seekerId, advisorId })
    .returning({ id: conversations.id });
  const [m] = await db
    .insert(messages)
    .values({ conversationId: c!.id, senderId: seekerId, body: "Hello" })
    .returning({ id: messages.id });
  await db
    .update(conversations)
    .set({ lastMessageId: m!.id, lastMessageAt: new Date(), seekerReadThrough: m!.id })
    .where(eq(conversations.id, c!.id));
  return c!.id;
}

/** The fixture's bought package id: fixed, so a row can expect a redirect to its page. */
export const MATRIX_PURCHASE_ID = "00000000-0000-4000-8000-0000000a0040";

/** The advisor's package of three sessions, bought and paid by the seeker. */
async function boughtPackage(db: Db, userId: string, advisorId: string) {
  const [offer] = await db
    .insert(advisorPackages)
    .values({
      advisorId,
      name: "Three mornings",
      sessions: 3,
      duration: 30,
      validityDays: 60,
      priceInr: 2400,
    })
    .returning({ id: advisorPackages.id });
  const [payment] = await db
    .insert(payments)
    .values({
      userId,
      amount: 283_200,
      feeAmount: 240_000,
      gstAmount: 43_200,
      status: "paid",
      razorpayOrderId: `order_${randomUUID().slice(0, 8)}`,
      razorpayPaymentId: `pay_${randomUUID().slice(0, 8)}`,
    })
    .returning({ id: payments.id });
  await db.insert(packagePurchases).values({
    id: MATRIX_PURCHASE_ID,
    packageId: offer!.id,
    userId,
    advisorId,
    paymentId: payment!.id,
    name: "Three mornings",
    sessions: 3,
    duration: 30,
    validityDays: 60,
    status: "active",
    expiresAt: new Date(Date.now() + 60 * 86_400_000),
  });
  return { offerId: offer!.id, purchaseId: MATRIX_PURCHASE_ID };
}

/** The fixture's paid question id: fixed, so a row can expect a redirect to its page. */
export const MATRIX_QUESTION_ID = "00000000-0000-4000-8000-0000000a0041";

/**
 * The advisor takes paid questions (₹500, 3 days), and the seeker's question in their
 * conversation is paid and open: the advisor has not replied since.
 */
async function askedQuestion(db: Db, userId: string, advisorId: string) {
  await db
    .update(advisors)
    .set({ questionPriceInr: 500, questionAnswerDays: 3 })
    .where(eq(advisors.id, advisorId));
  const [payment] = await db
    .insert(payments)
    .values({
      userId,
      amount: 59_000,
      feeAmount: 50_000,
      gstAmount: 9_000,
      status: "paid",
      razorpayOrderId: `order_${randomUUID().slice(0, 8)}`,
      razorpayPaymentId: `pay_${randomUUID().slice(0, 8)}`,
    })
    .returning({ id: payments.id });
  const body = "How do I move my PF when I change jobs?";
  const [m] = await db
    .insert(messages)
    .values({ conversationId: MATRIX_CONVERSATION_ID, senderId: userId, body })
    .returning({ id: messages.id });
  await db
    .update(conversations)
    .set({ lastMessageId: m!.id, seekerReadThrough: m!.id })
    .where(eq(conversations.id, MATRIX_CONVERSATION_ID));
  const paidAt = new Date();
  await db.insert(paidQuestions).values({
    id: MATRIX_QUESTION_ID,
    conversationId: MATRIX_CONVERSATION_ID,
    userId,
    advisorId,
    paymentId: payment!.id,
    messageId: m!.id,
    body,
    priceInr: 500,
    answerDays: 3,
    status: "open",
    paidAt,
    deadline: new Date(paidAt.getTime() + 3 * 86_400_000),
  });
  return MATRIX_QUESTION_ID;
}

/** A paid, confirmed session ten days ahead. */
async function paidBooking(db: Db, userId: string, advisorId: string) {
  const datetime = new Date(Date.now() + 10 * 86_400_000);
  datetime.setUTCHours(6, 0, 0, 0);
  const row = await createBooking(db, { userId, advisorId, datetime });
  const [payment] = await db.select().from(payments).where(eq(payments.id, row.paymentId!));
  return { id: row.id, paymentId: row.paymentId!, orderId: payment!.razorpayOrderId! };
}

export type BuiltRoute = ReturnType<typeof builtRoutes>[number];

/** Every route of the built app: its pattern as in app/routes.ts and its handlers. */
function builtRoutes(build: ServerBuild) {
  // A nested route's path is its own part: join its parents' (a layout's "settings").
  const fullPath = (id: string | undefined): string => {
    const r = id ? build.routes[id] : undefined;
    if (!r || r.id === "root") return "";
    return [fullPath(r.parentId), r.path ?? ""].filter(Boolean).join("/");
  };
  return Object.values(build.routes)
    .filter((r) => r && r.id !== "root")
    .map((r) => ({
      route: `/${fullPath(r!.id)}`,
      loader: Boolean(r!.module.loader),
      action: Boolean(r!.module.action),
    }));
}

/** The patterns written in app/routes.ts, nested routes joined to their parents. */
export function declaredRoutes(
  entries: { path?: string; index?: boolean; children?: unknown[] }[],
  prefix = "",
): string[] {
  return entries.flatMap((e) => {
    const own = e.index ? prefix || "/" : `${prefix}/${e.path ?? ""}`.replace(/\/+/g, "/");
    const children = (e.children ?? []) as typeof entries;
    return [own, ...declaredRoutes(children, e.index ? prefix : own)];
  });
}

/**
 * Every table's row count and a hash of its contents: equal snapshots mean the database did
 * not change.
 */
export async function databaseSnapshot(db: Db): Promise<Record<string, string>> {
  const rows = async <T>(query: SQL) => ((await db.execute(query)) as { rows: T[] }).rows;
  const tables = await rows<{ name: string }>(sql`
    select quote_ident(table_name) as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`);
  const snapshot: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await rows<{ count: number; hash: string | null }>(
      sql.raw(`select count(*)::int as count,
        md5(string_agg(t::text, '|' order by t::text)) as hash from ${name} t`),
    );
    snapshot[name] = `${row!.count} ${row!.hash ?? ""}`;
  }
  return snapshot;
}

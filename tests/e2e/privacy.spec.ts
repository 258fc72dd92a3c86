import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { AUTH_MESSAGES } from "../../core/messages/auth";
import { PRIVACY_MESSAGES as M } from "../../core/messages/privacy";
import { createAdvisor, createUserWithLogin } from "../../server/db/factories.test-support";
import { createCreditedSession } from "../../server/payouts/credited-session.test-support";
import { packagePrice } from "../../core/packages";
import { questionPrice } from "../../core/questions";
import type { Db } from "../../server/db/client.server";
import * as s from "../../server/db/schema";
import { conversationOfPair } from "../../server/repositories/conversation-pairs.server";
import { unzip } from "../../server/accounts/unzip.test-support";
import { mailLink, signIn } from "./support/auth";
import { gotoHydrated } from "./support/navigation";
import { expect, test } from "./support/own-data";
import { pageProblems } from "./support/page-checks";

/*
 * Settings › Privacy (issue 38, points 5 and 6), at a phone's and a laptop's width, each on
 * its own app over data it makes: Nisha, who signs in with a password, has a paid session
 * with Vikram three days ahead. She asks for her data, the app's own privacy job builds it
 * (it runs every few seconds in the app, as in production), the e-mail's link and the page's
 * button download it. Then she deletes her account: the session is cancelled and refunded,
 * so are her package of three sessions with him and her open paid question to him, Vikram is
 * told, her old session cookie no longer works and she cannot sign in.
 */
const SEEKER = "nisha.rao@example.com";
const ADVISOR = "vikram.menon@example.com";
const PASSWORD = "Nisha@12345";
const DAY = 86_400_000;

test.use({
  ownData: {
    make: async (db) => {
      const seekerId = await createUserWithLogin(db, PASSWORD, {
        firstName: "Nisha",
        lastName: "Rao",
        email: SEEKER,
      });
      const advisorId = await createAdvisor(
        db,
        {},
        { firstName: "Vikram", lastName: "Menon", email: ADVISOR },
      );
      await createCreditedSession(db, {
        advisorId,
        seekerId,
        datetime: new Date(Date.now() + 3 * DAY),
        bookingStatus: "confirmed",
      });
      await packageAndQuestion(db, seekerId, advisorId);
    },
  },
});

/** A package bought and not yet used, and a paid question waiting for its answer. */
async function packageAndQuestion(db: Db, seekerId: string, advisorId: string) {
  const now = new Date();
  const pay = async (price: { totalPaise: number; feePaise: number; gstPaise: number }) => {
    const [payment] = await db
      .insert(s.payments)
      .values({
        userId: seekerId,
        amount: price.totalPaise,
        feeAmount: price.feePaise,
        gstAmount: price.gstPaise,
        status: "paid",
      })
      .returning({ id: s.payments.id });
    return payment!.id;
  };
  const [offer] = await db
    .insert(s.advisorPackages)
    .values({
      advisorId,
      name: "Three mornings",
      sessions: 3,
      duration: 30,
      validityDays: 60,
      priceInr: 2400,
    })
    .returning({ id: s.advisorPackages.id });
  await db.insert(s.packagePurchases).values({
    packageId: offer!.id,
    userId: seekerId,
    advisorId,
    paymentId: await pay(packagePrice(2400)),
    name: "Three mornings",
    sessions: 3,
    duration: 30,
    validityDays: 60,
    status: "active",
    expiresAt: new Date(now.getTime() + 60 * DAY),
  });
  await db.insert(s.paidQuestions).values({
    conversationId: await conversationOfPair(db, seekerId, advisorId, now),
    userId: seekerId,
    advisorId,
    paymentId: await pay(questionPrice(500)),
    body: "Should I take the Pune offer?",
    priceInr: 500,
    answerDays: 3,
    status: "open",
    paidAt: now,
    deadline: new Date(now.getTime() + 3 * DAY),
  });
}

/** Waits for a mail that a job writes later (mailLink reads one already in the outbox). */
async function mailArrives(page: Page, to: string, subject: string) {
  await expect(async () => {
    await page.goto("/dev/outbox");
    await expect(
      page
        .getByRole("listitem")
        .filter({ hasText: `To ${to}` })
        .filter({ has: page.getByRole("heading", { name: subject }) }),
    ).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}

async function clean(page: Page, name: string) {
  await page.emulateMedia({ reducedMotion: "reduce" });
  expect(await pageProblems(page), name).toEqual({});
}

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("a person asks for their data and downloads it once it is ready", async ({ page }) => {
      test.slow(); // the app's job builds the archive
      await signIn(page, SEEKER, PASSWORD, "/settings/privacy");
      await expect(page).toHaveURL(/\/settings\/privacy$/);
      const tabs = page.getByRole("navigation", { name: "Settings" });
      await expect(tabs.getByRole("link", { name: "Privacy" })).toHaveAttribute(
        "aria-current",
        "page",
      );
      const card = page.getByRole("region", { name: M.exportTitle });
      await expect(card.getByText(M.exportIntro)).toBeVisible();
      await clean(page, "privacy settings");

      await card.getByRole("button", { name: M.exportButton }).click();
      await expect(card.getByRole("status")).toHaveText(M.exportQueued);

      // The app's privacy job builds it off the request path (every 5 s) and e-mails the link.
      await mailArrives(page, SEEKER, M.exportMailSubject);
      const link = await mailLink(page, SEEKER, M.exportMailSubject);
      expect(new URL(link).pathname).toMatch(/^\/settings\/privacy\/exports\/[0-9a-f-]{36}$/);
      const fromMail = await page.request.get(link);
      expect(fromMail.status()).toBe(200);
      expect(fromMail.headers()["content-type"]).toBe("application/zip");

      await gotoHydrated(page, "/settings/privacy");
      await expect(card.getByText(/^Your data is ready to download until /)).toBeVisible();
      await clean(page, "privacy settings with an export ready");
      const downloading = page.waitForEvent("download");
      await card.getByRole("link", { name: M.exportDownload }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^beenthere-data-\d{4}-\d{2}-\d{2}\.zip$/);
      const files = unzip(await readFile((await download.path())!));
      const sessions = JSON.parse(files.get("sessions.json")!.toString("utf8"));
      expect(sessions.booked).toHaveLength(1);
      expect(sessions.booked[0]).toMatchObject({ advisorFirstName: "Vikram", status: "confirmed" });
      const purchases = JSON.parse(files.get("purchases.json")!.toString("utf8"));
      expect(purchases.packagesBought).toEqual([
        expect.objectContaining({ name: "Three mornings", advisorFirstName: "Vikram" }),
      ]);
      expect(purchases.questionsAsked).toEqual([
        expect.objectContaining({ question: "Should I take the Pune offer?", status: "open" }),
      ]);
      const whole = [...files.values()].map((f) => f.toString("utf8")).join("\n");
      expect(whole).not.toContain(ADVISOR);
      expect(whole).not.toContain("Menon");
    });

    test("a person deletes their account with an upcoming session", async ({ page, context }) => {
      test.slow();
      await signIn(page, SEEKER, PASSWORD, "/settings/privacy");
      const card = page.getByRole("region", { name: M.deleteTitle });
      await expect(card.getByText(M.deleteSessions(1))).toBeVisible();
      await expect(card.getByText(M.deletePackages(1))).toBeVisible();
      await expect(card.getByText(M.deleteQuestions(1))).toBeVisible();
      await expect(card.getByText(M.deleteReviews)).toBeVisible();
      const oldCookies = await context.cookies();

      // A wrong password changes nothing.
      await card.getByLabel(M.deletePasswordLabel).fill("not-my-password");
      await card.getByRole("button", { name: M.deleteButton }).click();
      await expect(card.getByText(M.deletePasswordWrong)).toBeVisible();
      await clean(page, "the deletion refused");

      await card.getByLabel(M.deletePasswordLabel).fill(PASSWORD);
      await card.getByRole("button", { name: M.deleteButton }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByText(M.deletedTitle)).toBeVisible();
      await expect(page.getByRole("button", { name: /^Account menu/ })).toHaveCount(0);

      // The old session cookie is useless: settings sends to sign in.
      await context.addCookies(oldCookies);
      await page.goto("/settings/privacy");
      await expect(page).toHaveURL(/\/auth\?redirect=/);

      // Vikram is told of the cancellation; Nisha gets her confirmation.
      await mailArrives(page, ADVISOR, "Your BeenThere session has been cancelled");
      await mailArrives(page, ADVISOR, 'Nisha Rao cancelled the package "Three mornings"');
      await mailArrives(page, ADVISOR, "The question from Nisha Rao was refunded");
      await mailArrives(page, SEEKER, M.deletedMailSubject);

      // And the password signs nobody in any more.
      await signIn(page, SEEKER, PASSWORD);
      const form = page.getByRole("tabpanel", { name: "Sign In" });
      await expect(page.getByText(AUTH_MESSAGES.notFound).first()).toBeVisible();
      await expect(form).toBeVisible();
    });
  });
}

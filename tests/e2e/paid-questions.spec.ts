import type { Browser, Page } from "@playwright/test";
import { testDeps } from "../../server/bookings/bookings.test-support";
import type { Db } from "../../server/db/client.server";
import { createUserWithLogin } from "../../server/db/factories.test-support";
import { advisors } from "../../server/db/schema";
import { askedAndPaid, offerQuestions } from "../../server/questions/question.test-support";
import { mailLink, signIn } from "./support/auth";
import { gotoHydrated } from "./support/navigation";
import { expect, test } from "./support/own-data";
import { axeViolations, sidewaysOverflow } from "./support/page-checks";

/*
 * Paid questions (issue 40), each on an app of its own. Kabir turns on paid questions; Meera
 * sees "Ask a question" with its price on his profile, asks with a file and pays in the test
 * checkout; Kabir sees it in their conversation, replies and marks it answered; Meera rates
 * the answer. Then a question asked days ago whose answer time has run out: the deadline job
 * refunds it in full when the app starts, and both are told.
 */
const PASSWORD = "Question@12345";
const SEEKER = "meera.question@example.com";
const ADVISOR = "kabir.question@example.com";
const QUESTION = "How do I move my PF to my new employer without losing the interest?";

/** Meera and Kabir, an approved advisor. */
async function people(db: Db) {
  const seekerId = await createUserWithLogin(db, PASSWORD, {
    firstName: "Meera",
    lastName: "Iyer",
    email: SEEKER,
  });
  const advisorUserId = await createUserWithLogin(db, PASSWORD, {
    firstName: "Kabir",
    lastName: "Das",
    email: ADVISOR,
  });
  const [advisor] = await db
    .insert(advisors)
    .values({
      userId: advisorUserId,
      profileStatus: "approved",
      jobTitle: "Engineer",
      hourlyRateInr: 2000,
      careerAdviceTopics: ["Career change"],
    })
    .returning({ id: advisors.id });
  return { seekerId, advisorId: advisor!.id };
}

async function personAt(browser: Browser, baseURL: string, width: number, email: string) {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
  const page = await context.newPage();
  await signIn(page, email, PASSWORD, "/dashboard");
  return page;
}

async function clean(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
  expect(await sidewaysOverflow(page)).toBeNull();
}

test.describe("a paid question answered in time", () => {
  test.use({
    ownData: {
      make: async (db: Db) => {
        await people(db);
      },
    },
  });

  for (const width of [375, 1280]) {
    test(`an advisor offers, a seeker asks and pays, the advisor answers, the seeker rates at ${width} px`, async ({
      browser,
      baseURL,
    }) => {
      test.slow();
      // Kabir turns on paid questions: ₹500 before GST, answered within 2 days.
      const advisor = await personAt(browser, baseURL!, width, ADVISOR);
      await gotoHydrated(advisor, "/dashboard");
      await advisor.getByRole("link", { name: "Paid questions" }).click();
      await expect(
        advisor.getByRole("heading", { name: "Paid questions", level: 1 }),
      ).toBeVisible();
      await advisor.getByLabel("Price per question (₹, before GST)").fill("500");
      await advisor.getByLabel("Answer within (days)").fill("2");
      await clean(advisor);
      await advisor.getByRole("button", { name: "Save" }).click();
      await expect(advisor.getByText("Paid questions saved")).toBeVisible();
      await expect(advisor.getByTestId("question-offer-now")).toHaveText(
        "Seekers see: ₹590 (incl. GST) · answered within 2 days",
      );

      // Meera sees it on his profile with its price incl. GST, before any click.
      const seeker = await personAt(browser, baseURL!, width, SEEKER);
      const found = await seeker.request.get("/api/advisors?search=Kabir");
      const { advisors: listed } = (await found.json()) as { advisors: { id: string }[] };
      const profile = `/advisor/${listed[0]!.id}`;
      const offered = seeker.getByTestId("profile-question");
      await expect(async () => {
        await gotoHydrated(seeker, profile);
        await expect(offered).toContainText("₹590 (incl. GST) · answered within 2 days", {
          timeout: 1_000,
        });
      }).toPass({ timeout: 20_000 });
      await clean(seeker);
      await offered.getByRole("link", { name: "Ask a question" }).click();

      // She asks with a file and pays in the test checkout.
      await expect(
        seeker.getByRole("heading", { name: "Ask Kabir Das a question", level: 1 }),
      ).toBeVisible();
      await expect(seeker.getByTestId("question-offer")).toHaveText(
        "₹590 (incl. GST) · answered within 2 days",
      );
      await expect(seeker.getByTestId("price-total")).toHaveText("₹590");
      await seeker.getByLabel("Your question").fill(QUESTION);
      await seeker.locator('input[type="file"]').setInputFiles({
        name: "payslip.pdf",
        mimeType: "application/pdf",
        buffer: Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"),
      });
      await expect(seeker.getByRole("list", { name: "Attached files" })).toContainText(
        "payslip.pdf",
      );
      await clean(seeker);
      await seeker.getByRole("button", { name: "Pay ₹590 and send" }).click();
      const checkout = seeker.getByRole("dialog", { name: "Test checkout" });
      await checkout.getByRole("button", { name: "Pay ₹590" }).click();

      // Paid: the question's page, waiting for the answer.
      await expect(seeker).toHaveURL(/\/questions\/[0-9a-f-]{36}$/);
      const questionUrl = new URL(seeker.url()).pathname;
      await expect(seeker.getByText("Waiting for the answer", { exact: true })).toBeVisible();
      await expect(seeker.getByTestId("question-status")).toContainText("Answer due by ");
      await expect(seeker.getByTestId("question-body")).toHaveText(QUESTION);
      await expect(seeker.getByRole("link", { name: "payslip.pdf" })).toBeVisible();
      await clean(seeker);
      await gotoHydrated(seeker, "/dashboard");
      const waiting = seeker.getByRole("region", { name: "Questions waiting for an answer" });
      await expect(waiting.getByRole("link", { name: "To Kabir Das" })).toBeVisible();

      // Kabir has it to answer; marking it answered before replying is refused.
      await gotoHydrated(advisor, "/dashboard");
      const toAnswer = advisor.getByRole("region", { name: "Questions to answer" });
      await toAnswer.getByRole("link", { name: "From Meera Iyer" }).click();
      await expect(advisor).toHaveURL(new RegExp(`${questionUrl}$`));
      await clean(advisor);
      await advisor.getByRole("button", { name: "Mark as answered" }).click();
      await expect(
        advisor.getByText("Reply to the question in your conversation before marking it answered."),
      ).toBeVisible();

      // He reads it in the conversation, with its badge and file, and replies.
      await advisor.getByRole("link", { name: "Open the conversation" }).click();
      const asked = advisor.getByTestId("messages").getByRole("article").last();
      await expect(asked.getByTestId("question-badge")).toHaveText("Paid question · ₹590");
      await expect(asked).toContainText(QUESTION);
      await expect(asked.getByRole("link", { name: /payslip\.pdf/ })).toBeVisible();
      await clean(advisor);
      await advisor.getByLabel("Your message").fill("Ask HR for a Form 13 transfer online.");
      await advisor.getByRole("button", { name: "Send" }).click();
      await expect(advisor.getByTestId("messages").getByRole("article").last()).toContainText(
        "Form 13",
      );
      await gotoHydrated(advisor, questionUrl);
      await advisor.getByRole("button", { name: "Mark as answered" }).click();
      await expect(advisor.getByText("Question marked as answered")).toBeVisible();
      await expect(advisor.getByText("Answered", { exact: true })).toBeVisible();
      await expect(advisor.getByTestId("question-status")).toContainText("Answered on ");
      await expect(advisor.getByRole("button", { name: "Mark as answered" })).toHaveCount(0);

      // Meera rates the answer as she would a session.
      await gotoHydrated(seeker, questionUrl);
      await expect(seeker.getByRole("heading", { name: "Rate the answer" })).toBeVisible();
      await clean(seeker);
      await seeker
        .getByRole("group", { name: "How helpful was the answer?" })
        .getByRole("radio", { name: "5 stars" })
        .click();
      await seeker
        .getByRole("group", { name: "How actionable was the advice?" })
        .getByRole("radio", { name: "4 stars" })
        .click();
      await seeker.getByRole("radio", { name: "Yes" }).check();
      await seeker.getByLabel("Written feedback (optional)").fill("Clear and quick.");
      await seeker.getByRole("button", { name: "Submit rating" }).click();
      const rating = seeker.getByTestId("question-rating");
      await expect(rating).toContainText("Rated 5 / 5 · actionable 4 / 5 · Would recommend");
      await expect(rating).toContainText("Clear and quick.");
      await clean(seeker);

      // The receipt names the question.
      await seeker.getByRole("link", { name: "Receipt" }).click();
      await expect(seeker.getByText("Paid question to Kabir Das")).toBeVisible();
      await clean(seeker);
      await advisor.context().close();
      await seeker.context().close();
    });
  }
});

test.describe("a paid question left unanswered", () => {
  test.use({
    ownData: {
      make: async (db: Db) => {
        const { seekerId, advisorId } = await people(db);
        await offerQuestions(db, advisorId, 500, 2);
        // Asked and paid three days ago through the services (an injected clock): its two
        // days to answer ran out yesterday. The deadline job runs when the app starts.
        const deps = testDeps(db);
        deps.clock.now = new Date(Date.now() - 3 * 86_400_000);
        await askedAndPaid(deps, { seekerId, advisorId, body: QUESTION });
      },
    },
  });

  for (const width of [375, 1280]) {
    test(`it is refunded in full after its deadline and both are told at ${width} px`, async ({
      browser,
      baseURL,
    }) => {
      test.slow();
      const seeker = await personAt(browser, baseURL!, width, SEEKER);
      // Both are told by e-mail.
      const toSeeker = await mailLink(seeker, SEEKER, "Your question to Kabir Das is refunded");
      const toAdvisor = await mailLink(
        seeker,
        ADVISOR,
        "The question from Meera Iyer was refunded",
      );
      expect(new URL(toSeeker).pathname).toMatch(/^\/questions\/[0-9a-f-]{36}$/);
      expect(new URL(toAdvisor).pathname).toBe(new URL(toSeeker).pathname);

      // Her question says so, with the refund.
      await gotoHydrated(seeker, "/questions");
      const row = seeker.getByTestId("question-row").filter({ hasText: "To Kabir Das" });
      await expect(row).toContainText("Refunded");
      await row.getByRole("link", { name: "To Kabir Das" }).click();
      await expect(seeker.getByText("Refunded", { exact: true }).first()).toBeVisible();
      await expect(seeker.getByTestId("question-status")).toContainText("Refunded in full on ");
      await expect(seeker.getByText("₹590", { exact: true })).toBeVisible();
      await clean(seeker);
      await gotoHydrated(seeker, "/dashboard");
      await expect(
        seeker.getByRole("region", { name: "Questions waiting for an answer" }),
      ).toHaveCount(0);

      // Kabir's list says so too, and it is no longer his to answer.
      const advisor = await personAt(browser, baseURL!, width, ADVISOR);
      await gotoHydrated(advisor, "/questions");
      const received = advisor.getByTestId("question-row").filter({ hasText: "From Meera Iyer" });
      await expect(received).toContainText("Refunded");
      await received.getByRole("link", { name: "From Meera Iyer" }).click();
      await expect(advisor.getByRole("button", { name: "Mark as answered" })).toHaveCount(0);
      await clean(advisor);
      await advisor.context().close();
      await seeker.context().close();
    });
  }
});

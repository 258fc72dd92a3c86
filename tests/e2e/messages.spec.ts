import { rmSync } from "node:fs";
import { type Browser, expect, test } from "@playwright/test";
import { type AppProcess, freshDataDir, startAppProcess } from "../support/app-process";
import { createEmptyServerDatabase } from "../../server/db/database.test-support";
import { DEMO_ADVISOR, DEMO_SEEKER, signIn } from "./support/auth";
import { gotoHydrated } from "./support/navigation";
import { axeViolations, sidewaysOverflow } from "./support/page-checks";

/*
 * Conversations as two people use them (issue 39): the seeker in one browser, the advisor in
 * another. With TEST_DATABASE_URL each is served by their own app instance on one PostgreSQL
 * database (as deployed: a message crosses instances through LISTEN/NOTIFY); without it, by one
 * app on PGlite. A message appears on the other side within a second without a reload, as
 * plain text with its web link clickable; a block stops the next message.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

type Apps = { seekerApp: AppProcess; advisorApp: AppProcess; stop: () => Promise<void> };

async function startApps(): Promise<Apps> {
  if (!serverUrl) {
    const dataDir = freshDataDir();
    const app = await startAppProcess({ DATA_DIR: dataDir });
    return {
      seekerApp: app,
      advisorApp: app,
      stop: async () => {
        await app.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const empty = await createEmptyServerDatabase(serverUrl);
  // One file store for both, as instances share a bucket when deployed: a file sent through
  // one instance is downloaded through the other.
  const dataDir = freshDataDir();
  const env = {
    DATABASE_URL: empty.url,
    MIGRATION_DATABASE_URL: empty.migrationUrl,
    AUTH_SECRET: "messages-journey-secret-0123456789abcdef",
    DATA_DIR: dataDir,
  };
  const seekerApp = await startAppProcess(env);
  const advisorApp = await startAppProcess(env);
  return {
    seekerApp,
    advisorApp,
    stop: async () => {
      await Promise.all([seekerApp.stop(), advisorApp.stop()]);
      await empty.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function personAt(browser: Browser, app: AppProcess, email: string, width: number) {
  const context = await browser.newContext({
    baseURL: app.url,
    viewport: { width, height: 900 },
  });
  const page = await context.newPage();
  await signIn(page, email);
  return { context, page };
}

for (const width of [375, 1280]) {
  test(`a seeker and an advisor message each other live at ${width} px`, async ({ browser }) => {
    test.setTimeout(240_000);
    const apps = await startApps();
    try {
      const seeker = await personAt(browser, apps.seekerApp, DEMO_SEEKER, width);
      const advisor = await personAt(browser, apps.advisorApp, DEMO_ADVISOR, width);

      // The seeker finds the advisor's profile and presses "Message".
      const found = await seeker.page.request.get("/api/advisors?search=Priya%20Sharma");
      const { advisors } = (await found.json()) as { advisors: { id: string }[] };
      const priya = advisors.find((a) => JSON.stringify(a).includes("Priya"))!;
      await gotoHydrated(seeker.page, `/advisor/${priya.id}`);
      await seeker.page.getByRole("button", { name: "Message" }).first().click();
      await expect(seeker.page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
      const conversationPath = new URL(seeker.page.url()).pathname;
      await expect(seeker.page.getByRole("heading", { level: 1 })).toHaveText("Priya Sharma");

      // The advisor has the conversation open on their instance, and their inbox in a tab.
      await gotoHydrated(advisor.page, conversationPath);
      await expect(advisor.page.getByRole("heading", { level: 1 })).toHaveText("Aarav Mehta");
      const inbox = await advisor.context.newPage();
      await gotoHydrated(inbox, "/messages");

      const text =
        "Hello <script>alert(1)</script> javascript:alert(1) see https://example.com/cv?x=1";
      await seeker.page.getByLabel("Your message").fill(text);
      const sentAt = Date.now();
      await seeker.page.getByRole("button", { name: "Send" }).click();
      const mine = seeker.page.getByTestId("messages").getByRole("article").last();
      await expect(mine).toContainText(text);

      // The advisor sees it without a reload, within a second, as text with one real link.
      const heard = advisor.page.getByTestId("messages").getByRole("article").last();
      await expect(heard).toContainText(text, { timeout: 1000 + Math.max(0, sentAt - Date.now()) });
      expect(Date.now() - sentAt).toBeLessThan(1500);
      await expect(heard).toHaveAttribute("aria-label", /^Aarav Mehta, /);
      await expect(heard.getByRole("link")).toHaveCount(1);
      await expect(heard.getByRole("link")).toHaveAttribute("href", "https://example.com/cv?x=1");
      await expect(heard.locator("script")).toHaveCount(0);
      // The inbox lists the conversation with the message, newest first.
      await expect(inbox.getByTestId("inbox").getByRole("link").first()).toContainText(
        "Aarav Mehta",
      );
      await expect(inbox.getByTestId("inbox").getByRole("link").first()).toContainText(
        "Hello <script>",
      );

      // The advisor answers; the seeker's open page shows it live too.
      await advisor.page.getByLabel("Your message").fill("Happy to help.");
      await advisor.page.getByRole("button", { name: "Send" }).click();
      await expect(seeker.page.getByTestId("messages").getByRole("article").last()).toContainText(
        "Happy to help.",
      );
      // Each message once, on both sides.
      await expect(seeker.page.getByTestId("messages").getByRole("article")).toHaveCount(2);
      await expect(advisor.page.getByTestId("messages").getByRole("article")).toHaveCount(2);

      // A file goes up as it is picked, shows by name and size, and is sent with the text;
      // the advisor downloads it.
      await seeker.page.locator('input[type="file"]').setInputFiles({
        name: "cv.pdf",
        mimeType: "application/pdf",
        buffer: Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"),
      });
      const picked = seeker.page.getByRole("list", { name: "Attached files" });
      await expect(picked).toContainText("cv.pdf");
      expect(await axeViolations(seeker.page)).toEqual([]);
      expect(await sidewaysOverflow(seeker.page)).toBeNull();
      await seeker.page.getByLabel("Your message").fill("My CV");
      await seeker.page.getByRole("button", { name: "Send" }).click();
      await expect(picked).toHaveCount(0);
      const withFile = advisor.page.getByTestId("messages").getByRole("article").last();
      await expect(withFile).toContainText("My CV");
      const fileLink = withFile.getByRole("link", { name: /cv\.pdf/ });
      const download = await advisor.page.request.get((await fileLink.getAttribute("href"))!);
      expect(download.status()).toBe(200);
      expect(download.headers()["content-type"]).toBe("application/pdf");
      expect((await download.body()).subarray(0, 5).toString()).toBe("%PDF-");
      await expect(advisor.page.getByTestId("messages").getByRole("article")).toHaveCount(3);

      // The seeker reports the conversation to the admins.
      await seeker.page.getByRole("button", { name: "Report" }).click();
      await seeker.page.getByLabel("What happened?").fill("Asked me to pay on WhatsApp.");
      await seeker.page.getByRole("button", { name: "Send report" }).click();
      await expect(
        seeker.page.getByText("Thanks. Your report has been sent to our team.").first(),
      ).toBeVisible();

      // The advisor blocks the conversation: the seeker's next message is refused.
      await advisor.page.getByRole("button", { name: "Block conversation" }).click();
      await expect(
        advisor.page.getByText("You blocked this conversation. Unblock it to send messages again."),
      ).toBeVisible();
      await seeker.page.getByLabel("Your message").fill("Are you there?");
      await seeker.page.getByRole("button", { name: "Send" }).click();
      await expect(
        seeker.page
          .getByText("This conversation is blocked. Neither of you can send messages in it.")
          .first(),
      ).toBeVisible();
      await expect(advisor.page.getByTestId("messages").getByRole("article")).toHaveCount(3);

      await seeker.context.close();
      await advisor.context.close();
    } finally {
      await apps.stop();
    }
  });
}

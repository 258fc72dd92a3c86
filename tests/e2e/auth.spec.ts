import {
  DEMO_ADVISOR,
  DEMO_PASSWORD,
  DEMO_SEEKER,
  mailLink,
  signIn,
  signUp,
  uniqueEmail,
} from "./support/auth";
import type { Route } from "@playwright/test";
import { expect, test } from "./support/fresh-app";
import { gotoHydrated } from "./support/navigation";

// Each journey starts its own app on a fresh database.
test.setTimeout(90_000);

test.describe("sign-up and sign-in", () => {
  test("sign up, confirm by e-mail, sign in, see the name, log out", async ({ page }) => {
    const email = uniqueEmail("kavya");
    await signUp(page, { first: "Kavya", last: "Iyer", email, password: "long-enough-1" });
    await expect(page.getByRole("status").filter({ hasText: "Check Your Email" })).toContainText(
      "We've sent you a confirmation link to complete your registration.",
    );
    await expect(page.getByRole("tab", { name: "Sign In" })).toHaveAttribute(
      "aria-selected",
      "true",
    );

    // The link signs them in: no password typed a second time.
    await page.goto(await mailLink(page, email, "Confirm your e-mail"));
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText("Welcome!", { exact: true })).toBeVisible();
    // A first visit is not a return (issue 36).
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, Kavya!");
    await expect(page.getByText(/Welcome back/)).toHaveCount(0);

    // A used link signs no one in again: it lands on Sign In, saying the e-mail is confirmed.
    const link = await mailLink(page, email, "Confirm your e-mail");
    await page.context().clearCookies();
    await page.goto(link);
    await expect(page).toHaveURL(/\/auth\?confirmed=1/);
    await expect(page.getByRole("tab", { name: "Sign In" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await expect(page.getByText("Email confirmed")).toHaveCount(1);
    await signIn(page, email, "long-enough-1");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText("Welcome back!")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome back, Kavya!");

    await page.getByRole("button", { name: "Account menu for Kavya Iyer" }).click();
    const menu = page.getByRole("menu");
    await expect(menu).toContainText("Kavya Iyer");
    await expect(menu).toContainText(email);
    await expect(menu.getByRole("menuitem", { name: "Dashboard" })).toBeVisible();
    await expect(menu.getByRole("menuitem", { name: "Settings" })).toBeVisible();
    await menu.getByRole("menuitem", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fdashboard$/);
  });

  test("each field's error shows beside it, in the product's words, before anything is sent", async ({
    page,
  }) => {
    await signUp(page, { first: "", last: "Rao", email: "not-an-email", password: "short" });
    const form = page.getByRole("tabpanel", { name: "Sign Up" });
    const expectError = async (label: string, message: string) => {
      const field = form.getByLabel(label, { exact: true });
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await expect(field).toHaveAccessibleDescription(new RegExp(message.replace(/\./g, "\\.")));
    };
    await expectError("First Name", "Please fill in all required fields.");
    await expectError("Email", "Please enter a valid email address.");
    await expectError("Password", "Password must be at least 8 characters long.");
    await expect(form.getByLabel("Last Name")).not.toHaveAttribute("aria-invalid");
    await expect(form.getByLabel("First Name")).toBeFocused();
    // Fixed as it is typed; a field left with a new mistake says so when the person moves on.
    await form.getByLabel("First Name").fill("Anil");
    await expect(form.getByLabel("First Name")).not.toHaveAttribute("aria-invalid");
    await form.getByLabel("Last Name").fill("");
    await form.getByLabel("Last Name").blur();
    await expectError("Last Name", "Please fill in all required fields.");
    // A name that is there but too long is told so, not that it is missing.
    await form.getByLabel("First Name").fill("A".repeat(300));
    await form.getByLabel("First Name").blur();
    await expectError("First Name", "First name must be 100 characters or less");
  });

  test("a taken e-mail is refused once, under the form, with a way to Sign In", async ({
    page,
  }) => {
    await signUp(page, {
      first: "Anil",
      last: "Rao",
      email: DEMO_SEEKER,
      password: "long-enough-1",
    });
    await expect(page.getByRole("alert")).toContainText("Email Already Registered");
    await expect(page.getByText("Please sign in instead.")).toHaveCount(1);
    await page.getByRole("button", { name: "Go to Sign In" }).click();
    await expect(page.getByRole("tab", { name: "Sign In" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
  });

  test("an unconfirmed account cannot sign in", async ({ page }) => {
    const email = uniqueEmail("unconfirmed");
    await signUp(page, { first: "Ravi", last: "Das", email, password: "long-enough-1" });
    await expect(page.getByText("Check Your Email").first()).toBeVisible();
    await signIn(page, email, "long-enough-1");
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("Account Not Found");
    await expect(alert).toContainText("No account found with this email. Please Sign Up first.");
    await expect(page).toHaveURL(/\/auth/);
  });

  test("a wrong password and an unknown e-mail get the product's messages, each shown once", async ({
    page,
  }) => {
    await signIn(page, DEMO_SEEKER, "not-the-password");
    await expect(page.getByRole("alert")).toContainText("Login Failed");
    await expect(page.getByRole("alert")).toContainText(
      "Incorrect email or password. Please try again.",
    );
    // Not a toast as well as the form's message.
    await expect(page.getByText("Incorrect email or password. Please try again.")).toHaveCount(1);
    await signIn(page, uniqueEmail("nobody"), "whatever-123");
    await expect(page.getByRole("alert")).toContainText(
      "No account found with this email. Please Sign Up first.",
    );
    await page.getByRole("button", { name: "Go to Sign Up" }).click();
    await expect(page.getByRole("tab", { name: "Sign Up" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
  });

  test("six wrong passwords lock the e-mail, even against the right password", async ({ page }) => {
    const email = uniqueEmail("locked");
    await signUp(page, { first: "Lock", last: "Test", email, password: "right-password" });
    await page.goto(await mailLink(page, email, "Confirm your e-mail"));
    // The link signed them in; the attempts below come from someone who is signed out.
    await page.context().clearCookies();
    for (let attempt = 1; attempt <= 6; attempt++) {
      await signIn(page, email, `wrong-${attempt}`);
      await expect(page.getByRole("alert")).toBeVisible();
    }
    await expect(page.getByRole("alert")).toContainText("Account Temporarily Locked");
    await expect(page.getByRole("alert")).toContainText(
      /Too many failed login attempts\. Please try again in 1[45] minutes\./,
    );
    await signIn(page, email, "right-password");
    await expect(page.getByRole("alert")).toContainText("Account Temporarily Locked");
    await expect(page).toHaveURL(/\/auth/);
  });

  test("confirming the e-mail signs the person in and continues where they were going", async ({
    page,
  }) => {
    const email = uniqueEmail("meera");
    // Sent to sign in by a page that needs an account, they sign up instead.
    await gotoHydrated(page, "/become-advisor/apply");
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fbecome-advisor%2Fapply$/);
    await page.getByRole("tab", { name: "Sign Up" }).click();
    const form = page.getByRole("tabpanel", { name: "Sign Up" });
    await form.getByLabel("First Name").fill("Meera");
    await form.getByLabel("Last Name").fill("Nair");
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Password").fill("long-enough-1");
    await form.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Check Your Email" })).toBeVisible();

    await page.goto(await mailLink(page, email, "Confirm your e-mail"));
    await expect(page).toHaveURL(/\/become-advisor\/apply$/);
    await expect(page.getByText("Welcome!", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Account menu for Meera Nair" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Profile Basics" })).toBeVisible();
  });

  test("an outside redirect is ignored; a local one is honoured", async ({ page }) => {
    await signIn(page, DEMO_SEEKER, DEMO_PASSWORD, "https://evil.example/steal");
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.context().clearCookies();
    await signIn(page, DEMO_SEEKER, DEMO_PASSWORD, "//evil.example");
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.context().clearCookies();
    await signIn(page, DEMO_SEEKER, DEMO_PASSWORD, "/settings");
    await expect(page).toHaveURL(/\/settings$/);
  });
});

test("forgot password: mail, reset, old password fails, new works, the link works once", async ({
  page,
}) => {
  const email = uniqueEmail("reset");
  await signUp(page, { first: "Reset", last: "Me", email, password: "old-password" });
  await page.goto(await mailLink(page, email, "Confirm your e-mail"));

  await gotoHydrated(page, "/forgot-password");
  await page.getByLabel("Email").fill(uniqueEmail("ghost"));
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByRole("alert")).toContainText("No account found with this email address");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Sign In" })).toBeVisible();

  const link = await mailLink(page, email, "Reset your BeenThere password");
  await gotoHydrated(page, link);
  await expect(page.getByRole("heading", { name: "Reset Password" })).toBeVisible();
  await page.getByLabel("New Password").fill("new-password-1");
  await page.getByLabel("Confirm Password").fill("new-password-2");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByLabel("Confirm Password")).toHaveAccessibleDescription(
    "Passwords do not match",
  );
  await page.getByLabel("New Password").fill("new-password-1");
  await page.getByLabel("Confirm Password").fill("new-password-1");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page).toHaveURL(/\/auth\?tab=signin/);
  await expect(page.getByText("Password updated successfully")).toBeVisible();

  await signIn(page, email, "old-password");
  await expect(page.getByRole("alert")).toContainText("Login Failed");
  await signIn(page, email, "new-password-1");
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.context().clearCookies();
  await gotoHydrated(page, link);
  await page.getByLabel("New Password").fill("third-password");
  await page.getByLabel("Confirm Password").fill("third-password");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByRole("alert")).toContainText(
    "Failed to update password. Link may have expired.",
  );
});

test.describe("roles", () => {
  test("a seeker has no role switcher; an advisor has one, and a forged switch is refused", async ({
    page,
  }) => {
    await signIn(page, DEMO_SEEKER);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByLabel("Viewing as:")).toHaveCount(0);
    await expect(
      page.getByRole("banner").getByRole("link", { name: "Join As Advisor" }),
    ).toBeVisible();
    const forged = await page.request.post("/api/role", { form: { role: "admin" } });
    expect(forged.status()).toBe(403);
    await page.context().clearCookies();

    await signIn(page, DEMO_ADVISOR);
    await expect(page).toHaveURL(/\/dashboard$/);
    // On the dashboard the page's own switcher is the only one (the header's steps aside).
    const switcher = page.getByLabel("Viewing as:");
    await expect(switcher).toHaveValue("advisor");
    await expect(switcher.locator("option")).toHaveText(["Advisor", "Advice Seeker"]);
    const switched = page.waitForResponse((r) => r.url().includes("/api/role"));
    await switcher.selectOption("seeker");
    expect((await switched).status()).toBe(200);
    await page.reload();
    await expect(switcher).toHaveValue("seeker");
    // The dashboard follows the chosen role: the seeker's view.
    await expect(page.getByText("Quick Actions")).toBeVisible();
    expect((await page.request.post("/api/role", { form: { role: "admin" } })).status()).toBe(403);
    await page.reload();
    await expect(switcher).toHaveValue("seeker");

    await page.route("**/api/role*", (route) => route.abort("internetdisconnected"));
    await switcher.selectOption("advisor");
    await expect(
      page.getByText("Could not reach BeenThere. Please check your connection and try again."),
    ).toBeVisible();
    await expect(switcher).toHaveValue("seeker");
  });

  test("an advisor's Join button says Go to Dashboard and takes them there", async ({ page }) => {
    await signIn(page, DEMO_ADVISOR);
    await gotoHydrated(page, "/advisors");
    await page.getByRole("banner").getByRole("button", { name: "Go to Dashboard" }).click();
    await expect(page.getByText("You're already an advisor")).toBeVisible();
    await expect(page.getByText("Taking you to your advisor dashboard...")).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test("without Google credentials the Google button is not shown", async ({ page }) => {
  await gotoHydrated(page, "/auth");
  await expect(page.getByRole("button", { name: "Continue with Google" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Sign In / Sign Up" })).toBeVisible();
  await expect(page.getByText("For advisors and advice seekers")).toBeVisible();
});

test("a lost connection while signing in or out says so and keeps the page", async ({ page }) => {
  // The form posts are lost on the way; the page's own reloads of its data still arrive.
  const offline = (route: Route) =>
    route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue();
  await page.route("**/auth.data*", offline);
  await gotoHydrated(page, "/auth?tab=signin");
  const form = page.getByRole("tabpanel", { name: "Sign In" });
  await form.getByLabel("Email").fill(DEMO_SEEKER);
  await form.getByLabel("Password").fill(DEMO_PASSWORD);
  await form.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toContainText(
    "Could not reach BeenThere. Please check your connection and try again.",
  );
  await expect(form.getByLabel("Email")).toHaveValue(DEMO_SEEKER);
  await page.unroute("**/auth.data*", offline);

  await signIn(page, DEMO_SEEKER);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.route("**/auth/logout*", offline);
  await page.getByRole("button", { name: /^Account menu for / }).click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await expect(page.getByText("Failed to sign out. Please try again.")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("button", { name: /^Account menu for / })).toBeVisible();
});

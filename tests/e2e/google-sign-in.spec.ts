import { expect, test } from "@playwright/test";
import Provider from "oidc-provider";
import { type AppProcess, freePort, startAppProcess } from "../support/app-process";
import { gotoHydrated } from "./support/navigation";

/*
 * Google sign-in end to end: a local OpenID Connect provider (oidc-provider) stands in for
 * Google, and a second app server is configured to use it through discovery, exactly as it
 * would use Google's. Nothing here is mocked in the app.
 */
test.describe.configure({ mode: "serial" });
test.setTimeout(120_000);

let app: AppProcess;
let stopProvider: () => void;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  const providerPort = await freePort();
  const issuer = `http://localhost:${providerPort}`;
  const appPort = await freePort();
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: "beenthere-test",
        client_secret: "beenthere-test-secret",
        redirect_uris: [`http://localhost:${appPort}/api/auth/callback/google`],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["name", "given_name", "family_name"],
    },
    async findAccount(_ctx, sub) {
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: "gauri.sen@example.com",
          email_verified: true,
          name: "Gauri Sen",
          given_name: "Gauri",
          family_name: "Sen",
        }),
      };
    },
  });
  const server = provider.listen(providerPort);
  stopProvider = () => server.close();
  app = await startAppProcess(
    {
      SEED: "false",
      GOOGLE_CLIENT_ID: "beenthere-test",
      GOOGLE_CLIENT_SECRET: "beenthere-test-secret",
      GOOGLE_DISCOVERY_URL: `${issuer}/.well-known/openid-configuration`,
    },
    { port: appPort },
  );
});

test.afterAll(async () => {
  await app?.stop();
  stopProvider?.();
});

test("Continue with Google signs a new person in and back to where they were going", async ({
  page,
}) => {
  await gotoHydrated(page, `${app.url}/auth?redirect=%2Fsettings`);
  await expect(page.getByRole("button", { name: "Continue with Google" })).toHaveCount(1);
  await page.getByRole("tab", { name: "Sign In" }).click();
  await page
    .getByRole("tabpanel", { name: "Sign In" })
    .getByRole("button", { name: "Continue with Google" })
    .click();

  // The provider's own login and consent pages (oidc-provider's development screens).
  await page.locator('input[name="login"]').fill("gauri");
  await page.locator('input[name="password"]').fill("any");
  await page.locator('button[type="submit"]').click();
  await page.locator('button[type="submit"]').click();

  await expect(page).toHaveURL(`${app.url}/settings`, { timeout: 20_000 });
  await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible();
  await expect(page.getByText("gauri.sen@example.com")).toBeVisible();
  await expect(page.getByRole("button", { name: "Account menu for Gauri Sen" })).toBeVisible();
});

test("a failed Google sign-in says so and returns to /auth", async ({ page }) => {
  await gotoHydrated(page, `${app.url}/auth/callback?error=1`);
  await expect(page.getByText("Authentication Error")).toBeVisible();
  await expect(
    page.getByText("Failed to complete authentication. Please try again."),
  ).toBeVisible();
  await expect(page).toHaveURL(`${app.url}/auth`);
});

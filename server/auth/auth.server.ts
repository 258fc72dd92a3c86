import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { passkey } from "@better-auth/passkey";
import { genericOAuth, twoFactor } from "better-auth/plugins";
import { eq, sql } from "drizzle-orm";
import { PASSWORD_MIN_LENGTH } from "../../core/auth-rules";
import { toSingleLine } from "../../core/plain-text";
import type { Config } from "../config.server";
import type { Db } from "../db/client.server";
import * as s from "../db/schema";
import type { Logger } from "../logger.server";
import { recordSignUpConsent } from "../consents/consents.server";
import { queueEmail } from "../mail/mailer.server";
import {
  isAddressChange,
  mayTakeAddress,
  recordEmailChange,
  sendNewAddressConfirmation,
} from "./email-change.server";

export const GOOGLE_PROVIDER_ID = "google";
/**
 * An advisor's own calendar: the same Google client, linked to their account with calendar
 * scopes and offline access (ADR 75). Never a way to sign in or up.
 */
export const GOOGLE_CALENDAR_PROVIDER_ID = "google-calendar";
export const GOOGLE_CALENDAR_SCOPES = [
  "openid",
  "email",
  "https://www.googleapis.com/auth/calendar.calendarlist.readonly",
  "https://www.googleapis.com/auth/calendar.freebusy",
  "https://www.googleapis.com/auth/calendar.events",
];
const GOOGLE_DISCOVERY_URL = "https://accounts.google.com/.well-known/openid-configuration";
const RESET_LINK_SECONDS = 24 * 60 * 60;
export const APP_NAME = "BeenThere";
/** "Trust this device" keeps the second step away for 30 days (ADR 92). */
export const TRUST_DEVICE_SECONDS = 30 * 24 * 60 * 60;

/**
 * better-auth does passwords, sessions, e-mail verification, reset links and Google sign-in.
 * Our own `users` table (the product's people) links to its `auth_users` through `auth_user_id`.
 */
export function createAuth(
  db: Db,
  config: Config,
  logger: Logger,
  now: () => Date = () => new Date(),
) {
  return betterAuth({
    baseURL: config.appUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    trustedOrigins: [config.appUrl],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: s.authUsers,
        session: s.authSessions,
        account: s.authAccounts,
        verification: s.authVerifications,
        rateLimit: s.authRateLimits,
        twoFactor: s.authTwoFactors,
        passkey: s.authPasskeys,
      },
      // Hooks below write through `db`; PGlite has one connection, so no adapter transactions.
      transaction: false,
    }),
    advanced: { cookiePrefix: "bt", database: { generateId: () => crypto.randomUUID() } },
    account: {
      // Google's tokens (sign-in and calendars) are stored encrypted with the auth secret.
      encryptOAuthTokens: true,
      // A calendar may live in another Google account than the one they sign in with.
      accountLinking: { allowDifferentEmails: true },
    },
    user: {
      // A link to the new address makes the change (email-change.server.ts, ADR 89).
      changeEmail: { enabled: true },
    },
    session: { expiresIn: 30 * 24 * 60 * 60, updateAge: 24 * 60 * 60 },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 60,
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // Whoever proved they own the e-mail may sign in with the new password at once.
      onPasswordReset: async ({ user }) => {
        await db.delete(s.loginAttempts).where(eq(s.loginAttempts.email, user.email.toLowerCase()));
      },
      sendResetPassword: async ({ user, url }) => {
        await queueEmail(db, {
          to: user.email,
          name: "auth.reset-password",
          subject: "Reset your BeenThere password",
          heading: "Reset your password",
          paragraphs: [
            `Hi ${user.name.split(" ")[0] ?? ""}, we received a request to reset your password.`,
            "The link below works once and expires in 24 hours.",
          ],
          action: { label: "Choose a new password", url },
          footnote: "If you did not ask for this, you can ignore this e-mail.",
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // Opening the link proves the address: it signs the person in (once; a used link only
      // redirects), and its callbackURL carries where they were going (accounts.server.ts).
      autoSignInAfterVerification: true,
      expiresIn: RESET_LINK_SECONDS,
      sendVerificationEmail: async ({ user, url }) => {
        // better-auth's changeEmail sends its link through here, to the new address.
        if (await isAddressChange(db, user)) return sendNewAddressConfirmation(db, user, url);
        await queueEmail(db, {
          to: user.email,
          name: "auth.verify-email",
          subject: "Confirm your e-mail for BeenThere",
          heading: "Confirm your e-mail",
          paragraphs: [
            `Hi ${user.name.split(" ")[0] ?? ""}, welcome to BeenThere.`,
            "Please confirm your e-mail address to finish creating your account.",
          ],
          action: { label: "Confirm e-mail", url },
          footnote: "If you did not sign up, you can ignore this e-mail.",
        });
      },
    },
    databaseHooks: {
      user: {
        create: {
          // Every credential gets its product user: linked if the e-mail is known, else new.
          after: async (authUser) => {
            await linkProductUser(db, authUser);
            logger.info({ authUserId: authUser.id }, "account created");
          },
        },
        update: {
          // An address someone else holds by now, or a link older than an undo, changes nothing.
          before: async (data, ctx) => {
            if (typeof data.email !== "string") return;
            const token = (ctx?.query as { token?: unknown } | undefined)?.token;
            if (await mayTakeAddress(db, data.email, token)) return;
            logger.warn("an e-mail change was refused at its confirmation");
            return false;
          },
          after: async (authUser) => {
            await recordEmailChange(db, config.appUrl, authUser, now());
          },
        },
      },
    },
    plugins: [
      // TOTP and backup codes; the sign-in's second step and its lockout are ours
      // (server/accounts/second-factor.server.ts), the plugin's own lock is a backstop.
      twoFactor({
        issuer: APP_NAME,
        trustDeviceMaxAge: TRUST_DEVICE_SECONDS,
        accountLockout: { maxFailedAttempts: 10, durationSeconds: 15 * 60 },
        // An account made through Google has no password to confirm with (one with a password
        // is still asked for it).
        allowPasswordless: true,
      }),
      // WebAuthn for this site only: the origin is ours, never the request's.
      passkey({
        rpName: APP_NAME,
        rpID: new URL(config.appUrl).hostname,
        origin: new URL(config.appUrl).origin,
        authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
      }),
      // Google through OpenID Connect discovery, so tests can stand a local provider in for it.
      genericOAuth({
        config: config.google
          ? [
              {
                providerId: GOOGLE_PROVIDER_ID,
                clientId: config.google.clientId,
                clientSecret: config.google.clientSecret,
                discoveryUrl: config.google.discoveryUrl ?? GOOGLE_DISCOVERY_URL,
                scopes: ["openid", "email", "profile"],
                pkce: true,
              },
              {
                providerId: GOOGLE_CALENDAR_PROVIDER_ID,
                clientId: config.google.clientId,
                clientSecret: config.google.clientSecret,
                discoveryUrl: config.google.discoveryUrl ?? GOOGLE_DISCOVERY_URL,
                scopes: GOOGLE_CALENDAR_SCOPES,
                pkce: true,
                // A refresh token, asked for again on every link so a reconnect gets one too.
                accessType: "offline",
                prompt: "consent",
                disableSignUp: true,
              },
            ]
          : [],
      }),
    ],
  });
}
export type Auth = ReturnType<typeof createAuth>;

async function linkProductUser(db: Db, authUser: { id: string; name: string; email: string }) {
  // A provider's name (Google's) has passed no form of ours: one line, like a typed one.
  const [first, ...rest] = toSingleLine(authUser.name).split(" ");
  const [linked] = await db
    .update(s.users)
    .set({ authUserId: authUser.id })
    .where(
      sql`lower(${s.users.email}) = ${authUser.email.toLowerCase()} and ${s.users.authUserId} is null`,
    )
    .returning({ id: s.users.id });
  const [existing] = linked
    ? [linked]
    : await db.select({ id: s.users.id }).from(s.users).where(eq(s.users.authUserId, authUser.id));
  const [user] = existing
    ? [existing]
    : await db
        .insert(s.users)
        .values({
          authUserId: authUser.id,
          firstName: first || authUser.email.split("@")[0]!,
          lastName: rest.join(" "),
          email: authUser.email,
        })
        .returning({ id: s.users.id });
  // Every way in (the form, Google, an invitation) passes the sign-up's agreement.
  await recordSignUpConsent(db, user!.id, new Date());
}

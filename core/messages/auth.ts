import { PASSWORD_MIN_LENGTH } from "../auth-rules";
import { COMMON_MESSAGES } from "./common";

/** Every text the account pages and their server actions show, each defined once. */
export const AUTH_MESSAGES = {
  requiredFields: COMMON_MESSAGES.requiredFields,
  tooLong: (field: string, max: number) => `${field} must be ${max} characters or less`,
  weakPasswordTitle: "Weak Password",
  weakPassword: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
  passwordHint: `At least ${PASSWORD_MIN_LENGTH} characters.`,
  passwordsDiffer: "Passwords do not match",
  emailInvalid: COMMON_MESSAGES.emailInvalid,
  emailCheckFailed: "Could not validate email. Try again.",
  emailTakenTitle: "Email Already Registered",
  emailTaken: "Please sign in instead.",
  signUpFailedTitle: "Sign up failed",
  signUpSuccessTitle: "Check Your Email",
  signUpSuccess: "We've sent you a confirmation link to complete your registration.",
  emailConfirmedTitle: "Email confirmed",
  emailConfirmed: "You can sign in now.",
  lockedTitle: "Account Temporarily Locked",
  locked: (minutes: number) =>
    `Too many failed login attempts. Please try again in ${minutes} minutes.`,
  loginFailedTitle: "Login Failed",
  loginFailed: "Incorrect email or password. Please try again.",
  notFoundTitle: "Account Not Found",
  notFound: "No account found with this email. Please Sign Up first.",
  unconfirmedHint:
    "If you have just signed up, open the confirmation link we e-mailed you first, then sign in.",
  signInSuccessTitle: "Welcome back!",
  signInSuccess: "You have been successfully logged in.",
  errorTitle: "Error",
  signInFailed: "Failed to sign in. Please try again.",
  unexpected: "An unexpected error occurred. Please try again.",
  tooManyRequests: (minutes: number) =>
    `Too many attempts from your network. Please try again in ${minutes} minutes.`,
  callbackFailedTitle: "Authentication Error",
  callbackFailed: "Failed to complete authentication. Please try again.",
  resetNoAccount: "No account found with this email address",
  resetSendFailed: "Failed to send reset email. Please try again.",
  resetSentTitle: "Email Sent",
  updatePasswordFailed: "Failed to update password. Link may have expired.",
  passwordUpdated: "Password updated successfully",
  passwordUpdatedHint: "Sign in with your new password.",
  passwordSet: "Password set! Your account is now active.",
  activatedTitle: "Advisor Account Activated!",
  signOutFailed: "Failed to sign out. Please try again.",
  rolesFailed: "Failed to fetch user roles",
} as const;

import { COMMON_MESSAGES } from "./common";

/** Every text of two-factor sign-in, passkeys and the Security settings, each defined once. */
export const SECURITY_MESSAGES = {
  requiredFields: COMMON_MESSAGES.requiredFields,
  errorTitle: "Error",
  // The sign-in's second step
  secondStepTitle: "Two-factor authentication",
  secondStepIntro: "Enter the 6-digit code from your authenticator app.",
  secondStepBackupIntro:
    "Enter one of the backup codes you saved when you turned on two-factor authentication.",
  secondStepPasskeyOnly: "Use your passkey to finish signing in.",
  codeLabel: "Authentication code",
  backupCodeLabel: "Backup code",
  trustDevice: "Trust this device for 30 days",
  verify: "Verify",
  useBackupCode: "Use a backup code instead",
  useAuthenticator: "Use your authenticator app instead",
  usePasskey: "Use a passkey",
  codeFormat: "Enter the 6 digits your app shows.",
  backupCodeFormat: "Enter a backup code like abcde-12345.",
  wrongCodeTitle: "Verification Failed",
  wrongCode: "That code is not right. Please try again.",
  challengeExpiredTitle: "Sign-in Timed Out",
  challengeExpired: "Please sign in again with your e-mail and password.",
  // Passkeys at sign-in
  signInWithPasskey: "Sign in with a passkey",
  passkeyFailedTitle: "Passkey Sign-in Failed",
  passkeyFailed: "That passkey could not sign you in. Try again or use your password.",
  passkeyCancelled: "The passkey request was cancelled or timed out.",
  passkeyUnsupported: "This browser cannot use passkeys.",
  // Settings: Security
  pageTitle: "Security",
  adminNeedsSecondFactorTitle: "Set up a second factor",
  adminNeedsSecondFactor:
    "Admin pages open only for accounts with a second factor. Turn on an authenticator app or add a passkey below, then go back to the admin pages.",
  totpHeading: "Authenticator app",
  totpOff:
    "Add a second step to signing in: a 6-digit code from an authenticator app such as Google Authenticator, Microsoft Authenticator or 1Password.",
  totpOn:
    "Two-factor authentication is on. Signing in with your password also asks for a code from your authenticator app.",
  currentPassword: "Current password",
  passwordRequired: "Please enter your current password.",
  wrongPassword: "That password is not right.",
  turnOn: "Turn on",
  turnOff: "Turn off two-factor authentication",
  turnedOffTitle: "Two-factor authentication is off",
  scanTitle: "Scan this QR code",
  scanIntro:
    "Scan it with your authenticator app, or type the key below into it, then enter the 6-digit code the app shows.",
  secretLabel: "Setup key",
  confirmCode: "Confirm",
  cancelSetup: "Cancel setup",
  backupCodesTitle: "Save your backup codes",
  backupCodesIntro:
    "Each code signs you in once if you lose your phone. Keep them somewhere safe: they are shown only now.",
  backupCodesReady: "Two-factor authentication is on",
  regenerate: "Make new backup codes",
  regenerateHint: "New codes replace the old ones, which stop working.",
  backupCodesRegenerated: "New backup codes made",
  passkeysHeading: "Passkeys",
  passkeysIntro:
    "A passkey signs you in with your device's fingerprint, face or screen lock instead of a password, and counts as a second factor.",
  noPasskeys: "You have no passkeys yet.",
  passkeyName: "Passkey name",
  passkeyNameHint: 'So you can tell your passkeys apart, e.g. "Work laptop".',
  passkeyNameTooLong: "The name must be 50 characters or less.",
  addPasskey: "Add a passkey",
  passkeyAddedTitle: "Passkey added",
  passkeyAdded: (name: string) => `"${name}" can now sign you in.`,
  passkeyAddFailed: "The passkey could not be added. Please try again.",
  passkeyNeedsFreshSignIn: "For your safety, sign out and sign in again before adding a passkey.",
  passkeyScriptsNeeded: "Adding a passkey needs JavaScript in this browser.",
  deletePasskey: (name: string) => `Remove ${name}`,
  passkeyDeletedTitle: "Passkey removed",
  passkeyNotFound: "That passkey no longer exists.",
  added: (date: string) => `Added ${date}`,
  unnamedPasskey: "Passkey",
  tooManyRequests: (minutes: number) =>
    `Too many attempts from your network. Please try again in ${minutes} minutes.`,
} as const;

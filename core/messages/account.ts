import { AUTH_MESSAGES } from "./auth";

/** The Account section of /settings (e-mail, password, where you are signed in). */
export const ACCOUNT_MESSAGES = {
  errorTitle: AUTH_MESSAGES.errorTitle,
  // E-mail address
  emailSame: "That is already your e-mail address.",
  /** Sign-up says the same of a taken address (and is rate-limited the same way). */
  emailTakenTitle: AUTH_MESSAGES.emailTakenTitle,
  emailTaken: "This e-mail address belongs to another account. Please use a different one.",
  emailChangeSentTitle: "Check your new inbox",
  emailChangeSent: (address: string) =>
    `We have sent a confirmation link to ${address}. Your e-mail address changes when you open it.`,
  emailChangedTitle: "E-mail address changed",
  emailChanged: (address: string) => `You now sign in with ${address}.`,
  emailLinkInvalid: "That confirmation link has expired or was already used.",
  // Undoing a change from the notice
  undoTitle: "Undo the e-mail change",
  undoIntro: (oldAddress: string, newAddress: string) =>
    `The e-mail address of the BeenThere account that used ${oldAddress} was changed to ${newAddress}. If you did not make this change, undo it: the account goes back to ${oldAddress}, every device is signed out, and we send you a link to choose a new password.`,
  undoButton: "Undo the change",
  undoInvalid: "This link has expired or was already used.",
  undoAddressTaken:
    "Your old address now belongs to another account, so it cannot be restored. Please contact support.",
  undoneTitle: "Change undone",
  undone: (oldAddress: string) =>
    `Your account is back on ${oldAddress} and every device is signed out. We have sent a link to choose a new password to ${oldAddress}.`,
  // Password
  currentPasswordWrong: "Your current password is not correct.",
  passwordChangedTitle: "Password changed",
  passwordChanged: "Your other devices have been signed out.",
  passwordSetTitle: "Password set",
  passwordSet: "You can now also sign in with your e-mail address and this password.",
  noPasswordYet: "Your account has no password yet. Set one below.",
  passwordAlreadySet: "Your account already has a password. Change it with your current one.",
  // Where you are signed in
  signedOutTitle: "Signed out",
  signedOutOne: (device: string) => `${device} has been signed out.`,
  signedOutOthers: (count: number) =>
    count === 1
      ? "1 other device has been signed out."
      : `${count} other devices have been signed out.`,
  sessionGone: "That device is already signed out.",
  tooManyRequests: AUTH_MESSAGES.tooManyRequests,
  unknownAction: "That action is not one this page knows.",
} as const;

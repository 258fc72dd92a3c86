/** The texts of Settings › Privacy (download my data, delete my account), each defined once. */

/** Days a finished export stays downloadable before its file is deleted. */
export const EXPORT_DAYS = 7;
/** What someone without a password types to confirm a deletion. */
export const DELETE_WORD = "DELETE";
/** How a deleted person reads wherever they are still shown (reviews, sessions, statements). */
export const FORMER_MEMBER = "Former member";

export const PRIVACY_MESSAGES = {
  exportTitle: "Download my data",
  exportIntro:
    "Get a copy of everything BeenThere holds about you: your account and profile, sessions, packages, paid questions and payments, reviews, the e-mails we sent you and our records about your account, as JSON files in a ZIP archive.",
  exportButton: "Request my data",
  exportRequesting: "Requesting…",
  exportQueued: `We're preparing your data. We'll e-mail you when it's ready; the download then works for ${EXPORT_DAYS} days.`,
  exportPending: "Your data is being prepared. We'll e-mail you when it's ready.",
  exportAlreadyQueued: "Your data is already being prepared. We'll e-mail you when it's ready.",
  exportReady: (until: string) => `Your data is ready to download until ${until}.`,
  exportFailed: "We could not prepare your data. Please request it again.",
  exportDownload: "Download my data (ZIP)",
  exportGone: "This download has expired or is not yours. Please request your data again.",
  exportMailSubject: "Your BeenThere data is ready",
  exportMailHeading: "Your data is ready",
  exportMailBody: (first: string) =>
    `Hi ${first}, the copy of your BeenThere data you asked for is ready.`,
  exportMailExpiry: `Sign in to download it. The link works for ${EXPORT_DAYS} days and only for you.`,
  exportMailFootnote:
    "If you did not ask for your data, please change your password and write to us.",

  deleteTitle: "Delete my account",
  deleteIntro: "Deleting your account cannot be undone. Here is what happens:",
  deleteSessions: (count: number) =>
    count === 0
      ? "You have no upcoming sessions."
      : count === 1
        ? "Your 1 upcoming session is cancelled and the other person is told. Refunds follow the usual rules: a session you booked is refunded in full 24 hours or more before its start; a session someone booked with you is always refunded to them in full."
        : `Your ${count} upcoming sessions are cancelled and the other people are told. Refunds follow the usual rules: a session you booked is refunded in full 24 hours or more before its start; a session someone booked with you is always refunded to them in full.`,
  deletePackages: (count: number) =>
    count === 1
      ? "Your 1 active package is ended and its unused sessions refunded; the other person is told."
      : `Your ${count} active packages are ended and their unused sessions refunded; the other people are told.`,
  deleteQuestions: (count: number) =>
    count === 1
      ? "Your 1 open paid question is refunded in full; the other person is told."
      : `Your ${count} open paid questions are refunded in full; the other people are told.`,
  deleteBalance: (held: string) =>
    `You have ${held} in earnings not yet paid out. Money already released is still paid to the bank account on file; money on hold for a session is paid when its hold ends, as usual, unless the session is refunded.`,
  deleteReviews: `Reviews you wrote stay on advisors' profiles, shown as written by "a former member".`,
  deleteRecords:
    "Payment, invoice and earnings records that tax and accounting law requires us to keep are kept without your name, e-mail or contact details.",
  deleteSignOut:
    "You are signed out everywhere at once. Signing up again with the same e-mail starts a new, empty account.",
  deletePasswordLabel: "Your password",
  deletePasswordHint: "Enter your password to confirm it's you.",
  deletePasswordRequired: "Please enter your password.",
  deletePasswordWrong: "That password is not right.",
  deleteWordLabel: `Type ${DELETE_WORD} to confirm`,
  deleteWordHint: "Your account has no password, so please type the word instead.",
  deleteWordWrong: `Please type ${DELETE_WORD} in capital letters.`,
  deleteButton: "Delete my account",
  deleting: "Deleting…",
  deleteFailed: "We could not delete your account. Nothing was changed. Please try again.",
  deletedTitle: "Your account has been deleted",
  deletedBody:
    "We've deleted your BeenThere account and signed you out. Thank you for having been with us.",
  deletedMailSubject: "Your BeenThere account has been deleted",
  deletedMailHeading: "Your account has been deleted",
  deletedMailBody: (first: string) =>
    `Hi ${first}, your BeenThere account has been deleted as asked. You've been signed out everywhere.`,
  deletedMailSessions: (count: number) =>
    count === 1
      ? "Your upcoming session was cancelled; you'll get a separate e-mail about it."
      : `Your ${count} upcoming sessions were cancelled; you'll get a separate e-mail about each.`,
  deleteCancelReason: "The account was deleted.",
  adminDeleteTitle: (name: string) => `Delete ${name}'s account?`,
  adminDeleteIntro:
    "Only on the person's own request. Their upcoming sessions are cancelled and refunded as if an admin cancelled them; their identity is removed; kept records stay without it. This cannot be undone.",
  adminDeleteButton: "Delete account",
  adminDeleteLink: "Delete account",
  adminDeleted: (name: string) => `${name}'s account has been deleted.`,
  adminDeleteSelf: "Delete your own account from Settings › Privacy.",
  notFound: "No such account.",
} as const;

/** Every text of the phone's verification and the WhatsApp/SMS opt-ins (issue 41). */
export const PHONE_MESSAGES = {
  noPhone: "Add your phone number under Profile first.",
  alreadyVerified: "Your phone number is already verified.",
  codeSent: "We sent a 6-digit code by SMS to your phone.",
  codeInvalid: "Please enter the 6-digit code from the SMS.",
  wrongCode: "That code is not right. Please check the SMS and try again.",
  codeExpired: "That code has expired. Please send a new one.",
  tooManyAttempts: "Too many wrong codes. Please send a new one.",
  tooManyCodes: "You have asked for too many codes. Please try again in an hour.",
  verified: "Phone number verified",
  verifyFirst: "Verify your phone number before turning on WhatsApp or SMS.",
  optInSaved: "Your choice is saved",
  channelInvalid: "Please choose WhatsApp or SMS.",
  actionInvalid: "Please use the buttons on this page.",
  retried: "The message is queued again",
  notDeadLetter: "That message is not waiting for a retry.",
  // The local outbox playing MSG91's delivery reports (/dev/messages, local runs only).
  notLocalSms: "That message is not an SMS this local outbox sent.",
  reportPlayed: "Delivery report played",
} as const;

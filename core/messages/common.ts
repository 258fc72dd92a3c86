/** Messages more than one form shows, each defined once. */
export const COMMON_MESSAGES = {
  emailInvalid: "Please enter a valid email address.",
  requiredFields: "Please fill in all required fields.",
  connectionLost: "Could not reach BeenThere. Please check your connection and try again.",
  /** A one-line field (a name, a title, a list entry) held a line break or control character. */
  singleLineOnly: "Please remove line breaks and control characters.",
  /** A paragraph field (about, notes, a review, a reason) held a control character. */
  noControlCharacters: "Please remove control characters (invisible characters such as NUL).",
} as const;

/** Messages more than one form shows, each defined once. */
export const COMMON_MESSAGES = {
  emailInvalid: "Please enter a valid email address.",
  requiredFields: "Please fill in all required fields.",
} as const;

/** Messages more than one form shows, each defined once. */
export const COMMON_MESSAGES = {
  emailInvalid: "Please enter a valid email address.",
  requiredFields: "Please fill in all required fields.",
  connectionLost: "Could not reach BeenThere. Please check your connection and try again.",
} as const;

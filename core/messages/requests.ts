// What the server answers a request it cannot take (wrong method, type, size or syntax),
// defined once: the body readers, the method guard and the bad-input matrix use these.

export const REQUEST_MESSAGES = {
  /** `{allowed}` lists the methods, e.g. "GET, HEAD". */
  methodNotAllowed: (allowed: string) =>
    `This address does not accept that method. Use ${allowed}.`,
  notForm: "Send this form as application/x-www-form-urlencoded or multipart/form-data.",
  notJson: "Send this request as application/json.",
  tooLarge: "This request is too large.",
  malformedForm: "This form could not be read.",
  malformedJson: "This request is not valid JSON.",
  notFound: "Not found.",
} as const;

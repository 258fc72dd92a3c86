import { z } from "zod";
import { HEADSHOT_MAX_BYTES, requiredText } from "../advisor-fields";
import { APPLICATION_MESSAGES as A, HEADSHOT_MESSAGES as H } from "../messages/advisor";
import { COMMON_MESSAGES } from "../messages/common";
import { profileEditSchema } from "./advisor-profile";

/** The admin's "Add New Advisor" form: the profile edit form's fields and the person's own. */
export const addAdvisorSchema = profileEditSchema.extend({
  firstName: requiredText(A.firstNameRequired, 100),
  lastName: requiredText(A.lastNameRequired, 100),
  email: z
    .string({ error: COMMON_MESSAGES.emailInvalid })
    .trim()
    .max(254, COMMON_MESSAGES.emailInvalid)
    .pipe(z.email(COMMON_MESSAGES.emailInvalid)),
  headshot: z
    .object({ type: z.string(), size: z.number() })
    .nullable()
    .superRefine((file, ctx) => {
      if (!file || file.size === 0) ctx.addIssue({ code: "custom", message: A.headshotRequired });
      else if (!file.type.startsWith("image/"))
        ctx.addIssue({ code: "custom", message: H.notAnImage });
      else if (file.size > HEADSHOT_MAX_BYTES)
        ctx.addIssue({ code: "custom", message: H.tooLarge });
    }),
  termsAccepted: z.literal(true, { error: A.termsRequired }),
});
export type ValidNewAdvisor = z.output<typeof addAdvisorSchema>;

import { z } from "zod";
import { HEADSHOT_MAX_BYTES, requiredText } from "../advisor-fields";
import { profileEditSchema, type ProfileValues } from "../advisor-profile";
import { APPLICATION_MESSAGES as A, HEADSHOT_MESSAGES as H } from "../messages/advisor";
import { COMMON_MESSAGES } from "../messages/common";
import { checkWith, type SchemaCheck } from "../form";

/*
 * The admin's "Add New Advisor" form: the shared profile fields plus the person's names and
 * e-mail, the headshot and the terms accepted on the advisor's behalf. Every rule is checked
 * here, by the browser before posting and by the server before anything is written.
 */

export type AddAdvisorValues = ProfileValues & {
  firstName: string;
  lastName: string;
  email: string;
  termsAccepted: boolean;
  /** What is known of the chosen photo before it is decoded: its type and size. */
  headshot: { type: string; size: number } | null;
};

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

export type AddAdvisorCheck = SchemaCheck<ValidNewAdvisor>;

export const checkNewAdvisor = (values: unknown): AddAdvisorCheck =>
  checkWith(addAdvisorSchema, values);

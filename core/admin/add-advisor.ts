import type { ProfileValues } from "../advisor-profile";
import { checkWith, type SchemaCheck } from "../form";
import { addAdvisorSchema, type ValidNewAdvisor } from "../forms/add-advisor";

/*
 * The admin's "Add New Advisor" form: the shared profile fields plus the person's names and
 * e-mail, the headshot and the terms accepted on the advisor's behalf. Every rule
 * (core/forms/add-advisor.ts) is checked by the browser before posting and by the server
 * before anything is written.
 */

export type AddAdvisorValues = ProfileValues & {
  firstName: string;
  lastName: string;
  email: string;
  termsAccepted: boolean;
  /** What is known of the chosen photo before it is decoded: its type and size. */
  headshot: { type: string; size: number } | null;
};

export type AddAdvisorCheck = SchemaCheck<ValidNewAdvisor>;

export const checkNewAdvisor = (values: unknown): AddAdvisorCheck =>
  checkWith(addAdvisorSchema, values);

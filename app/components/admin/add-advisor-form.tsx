import type { WeeklySchedule } from "../../../core/slots";
/** Temporary stand-in while the shared profile sections are not on this branch (not committed). */
export type AddAdvisorAnswer = {
  ok: boolean;
  title: string;
  message?: string;
  errors?: Record<string, string>;
};
export function AddAdvisorForm(_props: { availability: WeeklySchedule }) {
  return null;
}

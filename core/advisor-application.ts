import { z } from "zod";
import { ADVISOR_LIMITS as L } from "./advisor-fields";
import { blankProfile, type ProfileValues } from "./advisor-profile";
import { parseAvailability } from "./availability";
import { checkWith } from "./form";
import { STEP_SCHEMAS, type ValidApplication } from "./forms/advisor-application";
import { isParagraphText, isSingleLine } from "./plain-text";
import type { WeeklySchedule } from "./slots";

/*
 * The five-step advisor application: its steps, the values the wizard holds, the checks of a
 * step and of the whole (the schemas are core/forms/advisor-application.ts), and the draft.
 */
export const APPLICATION_STEPS = [
  { step: 1, title: "Profile Basics", description: "Who you are and where you work" },
  { step: 2, title: "Profile Content", description: "Your introduction and photo" },
  { step: 3, title: "Your Expertise", description: "Skills and the advice you offer" },
  { step: 4, title: "Your Availability", description: "When seekers can book you" },
  { step: 5, title: "Pricing & Agreement", description: "Your rate and the terms" },
] as const;
export type StepNumber = 1 | 2 | 3 | 4 | 5;
export const STEP_NUMBERS: readonly StepNumber[] = [1, 2, 3, 4, 5];

/** Everything the wizard collects, as the browser holds it (and the draft stores it): the
 * profile fields, plus the names, the pricing mode and the terms. */
export type ApplicationValues = ProfileValues & {
  firstName: string;
  lastName: string;
  isProBono: boolean;
  termsAccepted: boolean;
};

export function emptyApplication(
  names: { firstName: string; lastName: string },
  availability: WeeklySchedule | null,
): ApplicationValues {
  return {
    ...names,
    ...blankProfile(availability),
    isProBono: false,
    termsAccepted: false,
  };
}

export type StepCheck = { ok: true } | { ok: false; errors: Record<string, string> };

/** Checks one step of the form (the headshot comes from the server's copy of the draft). */
export function checkStep(
  step: StepNumber,
  values: ApplicationValues,
  headshotUrl: string | null,
): StepCheck {
  const checked = checkWith(STEP_SCHEMAS[step], { ...values, headshotUrl: headshotUrl ?? "" });
  return checked.ok ? { ok: true } : checked;
}

export type ApplicationCheck =
  | { ok: true; data: ValidApplication }
  | { ok: false; step: StepNumber; errors: Record<string, string> };

/** Every step, in order; the first failing step is reported with its field messages. */
export function checkApplication(values: unknown, headshotUrl: string | null): ApplicationCheck {
  const input = { ...(isObject(values) ? values : {}), headshotUrl: headshotUrl ?? "" };
  const parts: Record<string, unknown> = {};
  for (const step of STEP_NUMBERS) {
    const checked = checkWith(STEP_SCHEMAS[step], input);
    if (!checked.ok) return { ok: false, step, errors: checked.errors };
    Object.assign(parts, checked.data);
  }
  delete parts.headshotUrl;
  return { ok: true, data: parts as ValidApplication };
}

// ---- The draft: whatever the person has typed so far, bounded, never trusted as valid. ----

const loose = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
// A value with a control character is dropped, not stored: the database refuses a NUL.
const looseText = (max: number) => loose(z.string().max(max).refine(isSingleLine));
const looseParagraphs = (max: number) => loose(z.string().max(max).refine(isParagraphText));
const looseList = loose(z.array(z.string().max(L.itemMaxChars).refine(isSingleLine)).max(50));

const draftValuesSchema = z.object({
  firstName: looseText(100),
  lastName: looseText(100),
  phone: looseText(30),
  jobTitle: looseText(L.textMaxChars),
  currentCompany: looseText(L.textMaxChars),
  totalExperience: looseText(3),
  linkedinUrl: looseText(300),
  workLocations: looseList,
  shortIntro: looseText(1000),
  about: looseParagraphs(L.aboutMaxChars),
  skills: looseList,
  careerAdviceTopics: looseList,
  personalAdviceTopics: looseList,
  businessAdviceTopics: looseList,
  availability: z
    .unknown()
    .optional()
    .transform((value) => {
      const checked = value == null ? null : parseAvailability(value);
      // An empty week is a legitimate thing to be editing; only malformed values are dropped.
      if (checked?.ok) return checked.schedule;
      if (
        isObject(value) &&
        typeof value.timeZone === "string" &&
        isSingleLine(value.timeZone) &&
        isEmptyWeek(value.windows)
      ) {
        return { timeZone: value.timeZone.slice(0, 64), windows: {} } as WeeklySchedule;
      }
      return null;
    }),
  isProBono: loose(z.boolean()),
  hourlyRate: looseText(20),
  termsAccepted: loose(z.boolean()),
});

export const draftSchema = z.object({
  currentStep: z.number().int().min(1).max(5).catch(1),
  completedSteps: z.array(z.number().int().min(1).max(5)).max(5).catch([]),
  values: draftValuesSchema.catch({} as never),
});
export type DraftInput = z.input<typeof draftSchema>;
export type StoredDraft = {
  currentStep: StepNumber;
  completedSteps: StepNumber[];
  values: Partial<ApplicationValues>;
};

/**
 * What a draft may claim: a step counts as completed only if its data passes, and the
 * current step cannot be past the first step that does not (a forged skip lands there).
 */
export function settleDraft(input: unknown, headshotUrl: string | null): StoredDraft {
  const parsed = draftSchema.parse(isObject(input) ? input : {});
  const values = stripUndefined(parsed.values) as Partial<ApplicationValues>;
  const full = { ...emptyApplication({ firstName: "", lastName: "" }, null), ...values };
  const passing = STEP_NUMBERS.filter((step) => checkStep(step, full, headshotUrl).ok);
  const firstFailing = STEP_NUMBERS.find((step) => !passing.includes(step)) ?? 5;
  const completedSteps = passing.filter((step) => parsed.completedSteps.includes(step));
  const currentStep = Math.min(parsed.currentStep, firstFailing) as StepNumber;
  return { currentStep, completedSteps, values };
}

/** Coming back to a draft offers "Continue Your Profile" once there is progress to keep. */
export function hasProgress(draft: Pick<StoredDraft, "currentStep" | "completedSteps">): boolean {
  return draft.currentStep > 1 || draft.completedSteps.length > 0;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isEmptyWeek(windows: unknown): boolean {
  return isObject(windows) && Object.values(windows).every((w) => Array.isArray(w) && !w.length);
}

function stripUndefined(value: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== null));
}

// ---- The wizard's step in the URL (`?step=3`, ADR 72): reload, Back and Forward keep it. ----

/** The step a URL names, or null when it names none of the five (absent, garbage, repeated: the first counts). */
export function readWizardStep(params: URLSearchParams): StepNumber | null {
  const raw = params.get("step");
  return raw !== null && /^[1-5]$/.test(raw) ? (Number(raw) as StepNumber) : null;
}

/**
 * The step to show for a URL's `step`: no later than the first step whose data does not pass,
 * so a typed or stale link never skips a step that still needs filling.
 */
export function reachableStep(
  wanted: StepNumber,
  values: ApplicationValues,
  headshotUrl: string | null,
): StepNumber {
  const firstFailing =
    STEP_NUMBERS.find((step) => step < wanted && !checkStep(step, values, headshotUrl).ok) ??
    wanted;
  return firstFailing;
}

import type { ReactNode } from "react";
import {
  ADVISOR_LIMITS,
  BUSINESS_TOPIC_OPTIONS,
  CAREER_TOPIC_OPTIONS,
  countWords,
  PERSONAL_TOPIC_OPTIONS,
  WORK_LOCATION_OPTIONS,
} from "../../../core/advisor-fields";
import type { ProfileValues } from "../../../core/advisor-profile";
import { APPLICATION_MESSAGES } from "../../../core/messages/advisor";
import { cn } from "../../lib/cn";
import { Field, Input, Textarea, Select } from "../ui/input";
import { ListInput } from "./list-input";

/*
 * The profile's field groups, shared by the application wizard, the advisor's edit page and
 * the admin forms: the same fields, names, hints and counters everywhere.
 */
export type SectionProps<K extends keyof ProfileValues> = {
  values: Pick<ProfileValues, K>;
  // Method syntax: the wizard's and the edit form's setters both fit.
  set<F extends K>(field: F, value: ProfileValues[F]): void;
  errors: Partial<Record<string, string>>;
  idPrefix: string;
};

export function ProfessionalFields({
  values,
  set,
  errors,
  idPrefix: p,
}: SectionProps<
  "phone" | "jobTitle" | "currentCompany" | "totalExperience" | "linkedinUrl" | "workLocations"
>) {
  return (
    <>
      <Field
        id={`${p}-phone`}
        label="Phone number"
        hint="Only used by the team to communicate with you; never shown to seekers."
        error={errors.phone}
      >
        <Input
          type="tel"
          autoComplete="tel"
          value={values.phone}
          onChange={(e) => set("phone", e.target.value)}
          maxLength={30}
          id={`${p}-phone`}
        />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={`${p}-jobTitle`} label="Job title" error={errors.jobTitle}>
          <Input
            id={`${p}-jobTitle`}
            value={values.jobTitle}
            onChange={(e) => set("jobTitle", e.target.value)}
            maxLength={ADVISOR_LIMITS.textMaxChars}
            autoComplete="organization-title"
          />
        </Field>
        <Field id={`${p}-currentCompany`} label="Company" error={errors.currentCompany}>
          <Input
            id={`${p}-currentCompany`}
            value={values.currentCompany}
            onChange={(e) => set("currentCompany", e.target.value)}
            maxLength={ADVISOR_LIMITS.textMaxChars}
            autoComplete="organization"
          />
        </Field>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={`${p}-totalExperience`} label="Total experience" error={errors.totalExperience}>
          <Select
            id={`${p}-totalExperience`}
            value={values.totalExperience}
            onChange={(e) => set("totalExperience", e.target.value)}
          >
            <option value="">Select years</option>
            {Array.from({ length: ADVISOR_LIMITS.experienceMax + 1 }, (_, years) => (
              <option key={years} value={String(years)}>
                {years} {years === 1 ? "year" : "years"}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          id={`${p}-linkedinUrl`}
          label="LinkedIn URL"
          hint="Put 'NA' if you do not have a LinkedIn profile."
          error={errors.linkedinUrl}
        >
          <Input
            id={`${p}-linkedinUrl`}
            value={values.linkedinUrl}
            onChange={(e) => set("linkedinUrl", e.target.value)}
            placeholder="https://www.linkedin.com/in/your-name"
            maxLength={300}
          />
        </Field>
      </div>
      <ListInput
        id={`${p}-workLocations`}
        label="Work locations"
        values={values.workLocations}
        onChange={(next) => set("workLocations", next)}
        suggestions={WORK_LOCATION_OPTIONS}
        placeholder="e.g. India, Germany, Remote"
        hint="Countries you have worked in; type and press Enter or Add."
        error={errors.workLocations}
      />
    </>
  );
}

export function ContentFields({
  values,
  set,
  errors,
  idPrefix: p,
}: SectionProps<"shortIntro" | "about">) {
  const chars = values.shortIntro.length;
  const words = countWords(values.about);
  return (
    <>
      <Field id={`${p}-shortIntro`} label="Short introduction" error={errors.shortIntro}>
        <Input
          id={`${p}-shortIntro`}
          value={values.shortIntro}
          onChange={(e) => set("shortIntro", e.target.value)}
          placeholder="e.g. Product manager who moved from Pune to Berlin"
        />
      </Field>
      <Counter over={chars > ADVISOR_LIMITS.shortIntroMax}>
        {chars}/{ADVISOR_LIMITS.shortIntroMax} characters
      </Counter>
      <Field id={`${p}-about`} label="About" error={errors.about}>
        <Textarea
          id={`${p}-about`}
          value={values.about}
          onChange={(e) => set("about", e.target.value)}
          rows={6}
          maxLength={ADVISOR_LIMITS.aboutMaxChars}
          placeholder="Your story: the moves you made, what you learned, and how you can help."
        />
      </Field>
      <Counter over={words < ADVISOR_LIMITS.aboutMinWords}>
        {words} {words === 1 ? "word" : "words"} (minimum {ADVISOR_LIMITS.aboutMinWords})
      </Counter>
    </>
  );
}

/** A live count under a field: red while the value is outside its limit. */
function Counter({ over, children }: { over: boolean; children: ReactNode }) {
  return (
    <p
      className={cn(
        "-mt-3 text-right text-xs tabular-nums",
        over ? "font-medium text-danger" : "text-muted",
      )}
      aria-live="polite"
    >
      {children}
    </p>
  );
}

export function ExpertiseFields({
  values,
  set,
  errors,
  idPrefix: p,
}: SectionProps<
  "skills" | "careerAdviceTopics" | "personalAdviceTopics" | "businessAdviceTopics"
>) {
  const keep = APPLICATION_MESSAGES.keepBelowTen;
  const { skillsMin, topicsMin } = ADVISOR_LIMITS;
  return (
    <>
      <p className="text-sm text-muted" data-testid="expertise-minimums">
        {APPLICATION_MESSAGES.expertiseMinimums(skillsMin, topicsMin)}
      </p>
      <ListInput
        id={`${p}-skills`}
        label="Skills"
        values={values.skills}
        onChange={(next) => set("skills", next)}
        placeholder="e.g. Product Management"
        hint={`At least 3. ${keep}.`}
        error={errors.skills}
      />
      <ListInput
        id={`${p}-careerAdviceTopics`}
        label="Career advice topics"
        values={values.careerAdviceTopics}
        onChange={(next) => set("careerAdviceTopics", next)}
        suggestions={CAREER_TOPIC_OPTIONS}
        placeholder={`e.g. ${CAREER_TOPIC_OPTIONS[0]}`}
        hint={`At least 3. ${keep}.`}
        error={errors.careerAdviceTopics}
      />
      <ListInput
        id={`${p}-personalAdviceTopics`}
        label="Personal advice topics"
        values={values.personalAdviceTopics}
        onChange={(next) => set("personalAdviceTopics", next)}
        suggestions={PERSONAL_TOPIC_OPTIONS}
        placeholder={`e.g. ${PERSONAL_TOPIC_OPTIONS[0]}`}
        hint={`At least 3. ${keep}.`}
        error={errors.personalAdviceTopics}
      />
      <ListInput
        id={`${p}-businessAdviceTopics`}
        label="Business advice topics (optional)"
        values={values.businessAdviceTopics}
        onChange={(next) => set("businessAdviceTopics", next)}
        suggestions={BUSINESS_TOPIC_OPTIONS}
        placeholder={`e.g. ${BUSINESS_TOPIC_OPTIONS[0]}`}
        error={errors.businessAdviceTopics}
      />
    </>
  );
}

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
import type { FieldHost } from "../../lib/forms";
import { cn } from "../../lib/cn";
import type { WeeklySchedule } from "../../../core/slots";
import { AvailabilityEditor } from "../availability/availability-editor";
import { Card } from "../ui/card";
import { FormField } from "../ui/form-field";
import { Input, Select, Textarea } from "../ui/input";
import { ListInput } from "../ui/list-input";

/*
 * The profile's fields, defined once and shared by the application wizard, the advisor's edit
 * page and the admin's add form: the same names, labels, hints and counters everywhere. Each
 * takes the surrounding useZodForm form, which binds the values and shows the errors.
 */

/** A bound form over (at least) the fields K, as the sections need it. */
export type FieldsForm<V> = FieldHost<keyof V & string> & { values: V };

type NameValues = { firstName: string; lastName: string };

/** First and last name, side by side from the small breakpoint up. */
export function NameFields({
  form,
  autoComplete = true,
}: {
  form: FieldsForm<NameValues>;
  /** Off where someone types another person's names (the admin's add form). */
  autoComplete?: boolean;
}) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <FormField form={form} name="firstName" label="First name">
        <Input maxLength={100} autoComplete={autoComplete ? "given-name" : "off"} />
      </FormField>
      <FormField form={form} name="lastName" label="Last name">
        <Input maxLength={100} autoComplete={autoComplete ? "family-name" : "off"} />
      </FormField>
    </div>
  );
}

/** The hourly rate in rupees; `proBono` marks a rate of 0 as free sessions. */
export function HourlyRateField({
  form,
  hint,
  proBono = false,
}: {
  form: FieldsForm<{ hourlyRate: string }>;
  hint: string;
  proBono?: boolean;
}) {
  const free =
    proBono && form.values.hourlyRate.trim() !== "" && Number(form.values.hourlyRate) === 0;
  return (
    <FormField
      form={form}
      name="hourlyRate"
      label="Hourly rate (₹)"
      hint={hint}
      aside={free ? <span className="text-sm font-medium text-brand-700">Pro-bono</span> : null}
      className="sm:max-w-sm"
    >
      <Input type="number" inputMode="decimal" min={0} step={0.01} />
    </FormField>
  );
}

/** The terms checkbox; its label says whose acceptance it is. */
export function TermsField({
  form,
  children,
}: {
  form: FieldsForm<{ termsAccepted: boolean }>;
  children: ReactNode;
}) {
  return (
    <FormField form={form} name="termsAccepted" label={children} layout="check">
      <input type="checkbox" className="mt-1 size-4 shrink-0 accent-brand-700" />
    </FormField>
  );
}

export function ProfessionalFields({
  form,
}: {
  form: FieldsForm<
    Pick<
      ProfileValues,
      "phone" | "jobTitle" | "currentCompany" | "totalExperience" | "linkedinUrl" | "workLocations"
    >
  >;
}) {
  return (
    <>
      <FormField
        form={form}
        name="phone"
        label="Phone number"
        hint="Only used by the team to communicate with you; never shown to seekers."
      >
        <Input type="tel" autoComplete="tel" maxLength={30} />
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField form={form} name="jobTitle" label="Job title">
          <Input maxLength={ADVISOR_LIMITS.textMaxChars} autoComplete="organization-title" />
        </FormField>
        <FormField form={form} name="currentCompany" label="Company">
          <Input maxLength={ADVISOR_LIMITS.textMaxChars} autoComplete="organization" />
        </FormField>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField form={form} name="totalExperience" label="Total experience">
          <Select>
            <option value="">Select years</option>
            {Array.from({ length: ADVISOR_LIMITS.experienceMax + 1 }, (_, years) => (
              <option key={years} value={String(years)}>
                {years} {years === 1 ? "year" : "years"}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField
          form={form}
          name="linkedinUrl"
          label="LinkedIn URL"
          hint="Put 'NA' if you do not have a LinkedIn profile."
        >
          <Input placeholder="https://www.linkedin.com/in/your-name" maxLength={300} />
        </FormField>
      </div>
      <FormField
        form={form}
        name="workLocations"
        label="Work locations"
        // The cities or countries seekers search by (the demo's are cities; the suggestions are
        // countries, with Remote and Hybrid).
        hint="Cities or countries you have worked in, or Remote or Hybrid; type and press Enter or Add."
      >
        <ListInput
          label="Work locations"
          suggestions={WORK_LOCATION_OPTIONS}
          placeholder="e.g. Pune, Germany"
        />
      </FormField>
    </>
  );
}

export function ContentFields({
  form,
}: {
  form: FieldsForm<Pick<ProfileValues, "shortIntro" | "about">>;
}) {
  const chars = form.values.shortIntro.length;
  const words = countWords(form.values.about);
  return (
    <>
      <FormField
        form={form}
        name="shortIntro"
        label="Short introduction"
        aside={
          <Counter over={chars > ADVISOR_LIMITS.shortIntroMax}>
            {chars}/{ADVISOR_LIMITS.shortIntroMax} characters
          </Counter>
        }
      >
        <Input placeholder="e.g. Product manager who moved from Pune to Berlin" />
      </FormField>
      <FormField
        form={form}
        name="about"
        label="About"
        aside={
          <Counter over={words < ADVISOR_LIMITS.aboutMinWords}>
            {words} {words === 1 ? "word" : "words"} (minimum {ADVISOR_LIMITS.aboutMinWords})
          </Counter>
        }
      >
        <Textarea
          rows={6}
          maxLength={ADVISOR_LIMITS.aboutMaxChars}
          placeholder="Your story: the moves you made, what you learned, and how you can help."
        />
      </FormField>
    </>
  );
}

/** A live count beside a field's hint: red while the value is outside its limit. */
function Counter({ over, children }: { over: boolean; children: ReactNode }) {
  return (
    <p
      className={cn(
        "shrink-0 text-right text-xs tabular-nums",
        over ? "font-medium text-danger" : "text-muted",
      )}
      aria-live="polite"
    >
      {children}
    </p>
  );
}

export function ExpertiseFields({
  form,
}: {
  form: FieldsForm<
    Pick<
      ProfileValues,
      "skills" | "careerAdviceTopics" | "personalAdviceTopics" | "businessAdviceTopics"
    >
  >;
}) {
  const keep = APPLICATION_MESSAGES.keepBelowTen;
  const { skillsMin, topicsMin } = ADVISOR_LIMITS;
  const atLeast = `At least 3. ${keep}.`;
  const list = (
    name: "skills" | "careerAdviceTopics" | "personalAdviceTopics" | "businessAdviceTopics",
    label: string,
    placeholder: string,
    suggestions: readonly string[],
    hint?: string,
  ) => (
    <FormField form={form} name={name} label={label} hint={hint}>
      <ListInput label={label} placeholder={placeholder} suggestions={suggestions} />
    </FormField>
  );
  return (
    <>
      <p className="text-sm text-muted" data-testid="expertise-minimums">
        {APPLICATION_MESSAGES.expertiseMinimums(skillsMin, topicsMin)}
      </p>
      {list("skills", "Skills", "e.g. Product Management", [], atLeast)}
      {list(
        "careerAdviceTopics",
        "Career advice topics",
        `e.g. ${CAREER_TOPIC_OPTIONS[0]}`,
        CAREER_TOPIC_OPTIONS,
        atLeast,
      )}
      {list(
        "personalAdviceTopics",
        "Personal advice topics",
        `e.g. ${PERSONAL_TOPIC_OPTIONS[0]}`,
        PERSONAL_TOPIC_OPTIONS,
        atLeast,
      )}
      {list(
        "businessAdviceTopics",
        "Business advice topics (optional)",
        `e.g. ${BUSINESS_TOPIC_OPTIONS[0]}`,
        BUSINESS_TOPIC_OPTIONS,
      )}
    </>
  );
}

/**
 * Every profile field after the person's own (the edit form's and the admin's add form's
 * cards): the professional details and content, the rate and expertise, and the week. The
 * headings are each form's own words.
 */
export function ProfileCards({
  form,
  titles,
  idPrefix,
}: {
  form: FieldsForm<ProfileValues> & {
    set(name: "availability", value: WeeklySchedule): void;
  };
  titles: { details: string; pricing: string; expertise?: string };
  idPrefix: string;
}) {
  return (
    <>
      <SectionCard title={titles.details}>
        <ProfessionalFields form={form} />
        <ContentFields form={form} />
      </SectionCard>
      <SectionCard title={titles.pricing}>
        <HourlyRateField form={form} hint="0 means pro bono (free sessions)." proBono />
        {titles.expertise ? <h3 className="pt-2 font-semibold">{titles.expertise}</h3> : null}
        <ExpertiseFields form={form} />
      </SectionCard>
      {form.values.availability ? (
        <SectionCard title="Availability">
          <AvailabilityEditor
            value={form.values.availability}
            onChange={(next) => form.set("availability", next)}
            error={form.error("availability")}
            idPrefix={`${idPrefix}-availability`}
          />
        </SectionCard>
      ) : null}
    </>
  );
}

/** One card of a long form, under its heading. */
export function SectionCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="grid gap-5 p-5 sm:p-6">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </Card>
  );
}

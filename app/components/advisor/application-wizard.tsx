import { ArrowLeft, ArrowRight, Send } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher, useLocation, useNavigate, useSearchParams } from "react-router";
import {
  APPLICATION_STEPS,
  type ApplicationValues,
  hasProgress,
  reachableStep,
  readWizardStep,
  type StepNumber,
  type StoredDraft,
} from "../../../core/advisor-application";
import { STEP_SCHEMAS } from "../../../core/forms/advisor-application";
import { defaultWeeklySchedule } from "../../../core/availability";
import { APPLICATION_MESSAGES as M } from "../../../core/messages/advisor";
import { isValidTimeZone } from "../../../core/time-zones";
import { AvailabilityEditor } from "../availability/availability-editor";
import { useZodForm } from "../../lib/forms";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { FormSummary } from "../ui/form-summary";
import { toast } from "../ui/toaster";
import { HeadshotField } from "./headshot-field";
import { ContentFields, ExpertiseFields, NameFields, ProfessionalFields } from "./profile-sections";
import { EmailField, PricingFields, StepIndicator } from "./wizard-parts";

export const APPLY_ACTION = "/become-advisor/apply";
const AUTOSAVE_MS = 1000;

/** What the apply route's action answers to a submit that did not go through. */
export type SubmitAnswer =
  | {
      ok: false;
      title: string;
      message: string;
      step?: StepNumber;
      fieldErrors?: Record<string, string>;
    }
  | { ok: true; saved: true };
type Refusal = Extract<SubmitAnswer, { ok: false }>;

/** The wizard's values: the application's, plus the photo's URL (the server's copy) for step 2. */
type WizardValues = ApplicationValues & { headshotUrl: string };
/** What was typed, as drafts and submits carry it: the photo is the server's already. */
const typedValues = ({ headshotUrl: _stored, ...typed }: WizardValues): ApplicationValues => typed;

type Props = {
  email: string;
  draft: StoredDraft | null;
  headshotUrl: string | null;
  blank: ApplicationValues;
};

/** The history entry a step change pushes remembers the step it left (for the Back button). */
type StepEntry = { wizardStep?: StepNumber } | null;

/**
 * The five-step application. Every change is saved to the server's draft a second after it
 * is made; "Save & Continue" checks the step with the same schema the server uses on submit.
 * The step lives in the URL (`?step=3`, ADR 72): a step change is a history entry, so reload,
 * Back and Forward keep the step, and the values come back from the draft.
 */
export function ApplicationWizard({ email, draft, headshotUrl: savedHeadshot, blank }: Props) {
  const [values, setValues] = useState<WizardValues>({
    ...blank,
    ...draft?.values,
    headshotUrl: savedHeadshot ?? "",
  });
  const headshotUrl = values.headshotUrl || null;
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const urlStep = readWizardStep(params);
  const [completed, setCompleted] = useState<StepNumber[]>(draft?.completedSteps ?? []);
  // The server's refusal of a submit, shown on the step it names (or the one it came from).
  const [refusal, setRefusal] = useState<{ answer: Refusal; step: StepNumber } | null>(null);
  const [resume, setResume] = useState(draft !== null && hasProgress(draft));
  const resumeStep = draft?.currentStep ?? 1;
  const [dirty, setDirty] = useState(false);
  const saver = useFetcher();
  const submitter = useFetcher<SubmitAnswer>();
  const top = useRef<HTMLHeadingElement>(null);
  // A URL's step counts only as far as the steps before it pass (a link never skips one).
  // Without one, the page starts at step 1 (or offers the draft's step, below).
  const step =
    urlStep === null ? (resume ? resumeStep : 1) : reachableStep(urlStep, values, headshotUrl);

  /** A step change is a history entry of its own; `replace` puts the URL right in place. */
  const showStep = (next: StepNumber, how: "push" | "replace") => {
    const search = new URLSearchParams(params);
    search.set("step", String(next));
    void navigate(
      { search: `?${search}` },
      {
        replace: how === "replace",
        preventScrollReset: true,
        state: how === "push" ? { wizardStep: step } : location.state,
      },
    );
  };

  // Once mid-way (a URL with a step), coming back to the bare URL is step 1, not the question.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the URL is outside React
    if (urlStep !== null) setResume(false);
  }, [urlStep]);

  // A step the data does not reach yet is replaced by the first one that needs filling.
  useEffect(() => {
    if (urlStep !== null && urlStep !== step) showStep(step, "replace");
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `showStep` is rebuilt every render
  }, [urlStep, step]);

  // Every step change (buttons, Back, Forward) brings the new step's heading into view, and
  // takes away what the step left behind: its toasts and the server's refusal.
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    if (refusal && refusal.step === shownStep.current) setRefusal(null);
    shownStep.current = step;
    toast.dismiss();
    top.current?.focus({ preventScroll: true });
    top.current?.scrollIntoView({ block: "start", behavior: "smooth" });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per step change
  }, [step]);

  const save = (next: { step: StepNumber; completed: StepNumber[]; values: WizardValues }) => {
    void saver.submit(
      {
        intent: "save",
        draft: {
          currentStep: next.step,
          completedSteps: next.completed,
          values: typedValues(next.values),
        },
      },
      { method: "post", action: APPLY_ACTION, encType: "application/json" },
    );
  };

  // Autosave: a second after the last change.
  useEffect(() => {
    if (!dirty) return;
    const timer = setTimeout(() => save({ step, completed, values }), AUTOSAVE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `save` is stable in effect
  }, [values, step, completed, dirty]);

  // The server's answer to a submit: a summary on the step it names, its messages beside
  // that step's fields (the form's `result`).
  const [seenAnswer, setSeenAnswer] = useState(submitter.data);
  if (submitter.data !== seenAnswer) {
    setSeenAnswer(submitter.data);
    const answer = submitter.data;
    if (answer && !answer.ok) setRefusal({ answer, step: answer.step ?? step });
  }
  useEffect(() => {
    const answer = submitter.data;
    // A navigation is an effect, never part of rendering.
    if (answer && !answer.ok && answer.step && answer.step !== step) {
      showStep(answer.step, "push");
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer
  }, [submitter.data]);

  // Each step is checked with its own schema (the server's); a new step starts without errors.
  const form = useZodForm(STEP_SCHEMAS[step], {
    id: "apply",
    values,
    setValues: (update) => {
      setValues(update);
      setDirty(true);
    },
    result: refusal?.step === step ? refusal.answer : null,
    onValid: () => (step === 5 ? submit() : next()),
  });

  const goTo = (next: StepNumber) => {
    showStep(next, "push");
    setDirty(true);
  };
  /** Back one step: through history when the last step change came from there. */
  const back = () => {
    const previous = Math.max(1, step - 1) as StepNumber;
    if ((location.state as StepEntry)?.wizardStep === previous) void navigate(-1);
    else goTo(previous);
  };

  const next = () => {
    const done = completed.includes(step) ? completed : [...completed, step].sort();
    const upcoming = Math.min(step + 1, 5) as StepNumber;
    // The suggested week starts in the browser's own zone, unless the person changed it.
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (upcoming === 4 && values.availability === blank.availability && isValidTimeZone(zone)) {
      setValues((v) => ({ ...v, availability: defaultWeeklySchedule(zone) }));
    }
    setCompleted(done);
    goTo(upcoming);
  };

  const submit = () => {
    void submitter.submit(
      { intent: "submit", values: typedValues(values) },
      { method: "post", action: APPLY_ACTION, encType: "application/json" },
    );
  };

  const startOver = () => {
    void saver.submit(
      { intent: "start-over" },
      { method: "post", action: APPLY_ACTION, encType: "application/json" },
    );
    setValues({ ...blank, headshotUrl: "" });
    showStep(1, "replace");
    setCompleted([]);
    setRefusal(null);
    setDirty(false);
    setResume(false);
  };

  // A URL naming a step is someone mid-way (a reload, Back, Forward): no question to ask.
  if (resume && urlStep === null) {
    return (
      <Card className="grid gap-4 p-6 sm:p-8">
        <h2 className="text-xl font-semibold">Continue Your Profile</h2>
        <p className="text-muted">
          You have an application in progress (step {step} of 5:{" "}
          {APPLICATION_STEPS[step - 1]!.title}). Pick up where you left off, or start again from the
          beginning.
        </p>
        <div className="flex flex-wrap gap-3">
          <Button
            type="button"
            onClick={() => {
              setResume(false);
              showStep(resumeStep, "replace");
            }}
          >
            Continue
          </Button>
          <Button type="button" variant="outline" onClick={startOver}>
            Start Over
          </Button>
        </div>
      </Card>
    );
  }

  const current = APPLICATION_STEPS[step - 1]!;
  const submitting = submitter.state !== "idle";
  const toFix = Object.keys(values).filter((name) => form.error(name as keyof WizardValues));
  // The server's word while its problems are still there (or it named none); else the form's.
  const shownRefusal =
    refusal?.step === step && (toFix.length > 0 || !refusal.answer.fieldErrors)
      ? refusal.answer
      : null;
  return (
    <div className="grid gap-6">
      <StepIndicator step={step} completed={completed} />
      <Card className="grid gap-6 p-5 sm:p-8">
        <div className="grid gap-1">
          <p className="text-sm font-medium text-brand-700">Step {step} of 5</p>
          <h2 ref={top} tabIndex={-1} className="scroll-mt-28 text-2xl font-bold outline-none">
            {current.title}
          </h2>
          <p className="text-muted">{current.description}</p>
        </div>
        <form {...form.props} className="grid gap-5">
          {step === 1 ? (
            <>
              <NameFields form={form} />
              <EmailField email={email} />
              <ProfessionalFields form={form} />
            </>
          ) : null}
          {step === 2 ? (
            <>
              <ContentFields form={form} />
              <HeadshotField
                id={form.id("headshotUrl")}
                error={form.error("headshotUrl")}
                url={headshotUrl}
                onUploaded={(url) => form.set("headshotUrl", url)}
              />
            </>
          ) : null}
          {step === 3 ? <ExpertiseFields form={form} /> : null}
          {step === 4 && values.availability ? (
            <AvailabilityEditor
              value={values.availability}
              onChange={(next) => form.set("availability", next)}
              error={form.error("availability")}
              idPrefix="apply-availability"
            />
          ) : null}
          {step === 5 ? (
            <PricingFields
              form={form}
              set={(patch) => {
                for (const [name, value] of Object.entries(patch))
                  form.set(name as keyof typeof patch, value);
              }}
            />
          ) : null}
          {shownRefusal ? (
            <FormSummary title={shownRefusal.title} message={shownRefusal.message} />
          ) : (
            <FormSummary
              title={M.fixErrorsTitle}
              message={toFix.length > 0 ? M.fixErrorsBody : null}
            />
          )}
          <div className="flex flex-col-reverse gap-3 border-t border-line pt-5 sm:flex-row sm:justify-between">
            <Button type="button" variant="outline" disabled={step === 1} onClick={back}>
              <ArrowLeft aria-hidden="true" />
              Back
            </Button>
            {step === 5 ? (
              <Button type="submit" disabled={submitting}>
                <Send aria-hidden="true" />
                {submitting ? "Submitting..." : "Submit Application"}
              </Button>
            ) : (
              <Button type="submit">
                Save &amp; Continue
                <ArrowRight aria-hidden="true" />
              </Button>
            )}
          </div>
        </form>
        <p className="text-xs text-muted" aria-live="polite">
          {saver.state !== "idle" ? "Saving draft..." : dirty ? "Draft saved automatically" : ""}
        </p>
      </Card>
    </div>
  );
}

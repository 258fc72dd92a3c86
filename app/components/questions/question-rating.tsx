import { useState } from "react";
import { useFetcher } from "react-router";
import { FEEDBACK_MAX, REVIEW_FIELDS, reviewSchema } from "../../../core/forms/sessions";
import { QUESTION_MESSAGES as M } from "../../../core/messages/questions";
import { SESSION_MESSAGES } from "../../../core/messages/sessions";
import { useZodForm } from "../../lib/forms";
import { YesNo } from "../sessions/session-dialogs";
import { Button } from "../ui/button";
import { FormField } from "../ui/form-field";
import { FormSummary } from "../ui/form-summary";
import { Textarea } from "../ui/input";
import { StarRating } from "../ui/star-rating";

type Values = {
  ratingHelpfulness: number;
  ratingActionability: number;
  recommendAdvisor: "" | "yes" | "no";
  writtenFeedback: string;
};
const NONE: Values = {
  ratingHelpfulness: 0,
  ratingActionability: 0,
  recommendAdvisor: "",
  writtenFeedback: "",
};

/**
 * The seeker rates an answered question as they review a session (the same fields and
 * schema); the page's action decides, and its answer is shown here.
 */
export function QuestionRating({ questionId }: { questionId: string }) {
  const fetcher = useFetcher<{ ok: boolean; message?: string; fieldErrors?: object }>();
  const [values, setValues] = useState(NONE);
  const form = useZodForm(reviewSchema, {
    id: "question-rating",
    values,
    setValues,
    result: fetcher.data,
    onValid: () => {
      const fields = Object.fromEntries(
        Object.entries(values).map(([name, value]) => [name, String(value)]),
      );
      void fetcher.submit(
        { intent: "rate", ...fields },
        { method: "post", action: `/questions/${questionId}` },
      );
    },
  });
  const refusal =
    fetcher.data && !fetcher.data.ok && !fetcher.data.fieldErrors ? fetcher.data.message : null;
  return (
    <form className="grid gap-4" aria-labelledby="rate-heading" {...form.props}>
      <h2 id="rate-heading" className="text-lg font-semibold">
        {M.rateHeading}
      </h2>
      <FormField
        form={form}
        name={REVIEW_FIELDS.helpfulness}
        layout="group"
        label="How helpful was the answer?"
      >
        <StarRating value={values.ratingHelpfulness} />
      </FormField>
      <FormField
        form={form}
        name={REVIEW_FIELDS.actionability}
        layout="group"
        label="How actionable was the advice?"
      >
        <StarRating value={values.ratingActionability} />
      </FormField>
      <FormField
        form={form}
        name={REVIEW_FIELDS.recommend}
        layout="group"
        label="Would you recommend this advisor?"
      >
        <YesNo value={values.recommendAdvisor} />
      </FormField>
      <FormField form={form} name={REVIEW_FIELDS.feedback} label="Written feedback (optional)">
        <Textarea maxLength={FEEDBACK_MAX} />
      </FormField>
      <FormSummary title={SESSION_MESSAGES.reviewFailedTitle} message={refusal} />
      <Button type="submit" className="justify-self-start" disabled={fetcher.state !== "idle"}>
        {fetcher.state !== "idle" ? "Submitting..." : "Submit rating"}
      </Button>
    </form>
  );
}

import { Link } from "react-router";
import { type QuestionListItem, QuestionSummary } from "./question-summary";

/** The dashboard's open questions, soonest due first; nothing when none. */
export function OpenQuestions({
  questions,
  side,
  zone,
}: {
  questions: QuestionListItem[];
  side: "seeker" | "advisor";
  zone: string;
}) {
  if (questions.length === 0) return null;
  return (
    <section aria-labelledby="open-questions" className="grid gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="open-questions" className="text-xl font-semibold">
          {side === "seeker" ? "Questions waiting for an answer" : "Questions to answer"}
        </h2>
        <Link to="/questions" className="text-sm text-brand-700 underline">
          All questions
        </Link>
      </div>
      <ul className="grid gap-3 md:grid-cols-2">
        {questions.slice(0, 4).map((q) => (
          <QuestionSummary key={q.id} question={q} side={side} zone={zone} />
        ))}
      </ul>
    </section>
  );
}

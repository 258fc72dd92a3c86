import { Link } from "react-router";
import { formatPaise } from "../../../core/format";
import { QUESTION_MESSAGES as M } from "../../../core/messages/questions";
import type { QuestionStatus } from "../../../core/questions";
import { Badge } from "../ui/card";
import { questionStatusLine } from "./question-status";

export type QuestionListItem = {
  id: string;
  status: QuestionStatus;
  advisorName: string;
  seekerName: string;
  amount: number;
  excerpt: string;
  deadline: string | null;
  answeredAt: string | null;
  refundedAt: string | null;
};

/** One question in a list: with whom, its status and date, its price and first words. */
export function QuestionSummary({
  question: q,
  side,
  zone,
}: {
  question: QuestionListItem;
  /** Whose list: the seeker's shows the advisor, the advisor's the seeker. */
  side: "seeker" | "advisor";
  zone: string;
}) {
  return (
    <li className="grid gap-1 rounded-lg border border-line p-4" data-testid="question-row">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link
          to={`/questions/${q.id}`}
          className="min-w-0 font-semibold wrap-anywhere text-brand-800 underline"
        >
          {side === "seeker" ? `To ${q.advisorName}` : `From ${q.seekerName}`}
        </Link>
        <Badge tone={q.status === "open" ? "brand" : "neutral"}>{M.status[q.status]}</Badge>
      </div>
      <p className="text-sm wrap-anywhere text-muted">{q.excerpt}</p>
      <p className="text-sm">
        {formatPaise(q.amount)} · {questionStatusLine(q, zone)}
      </p>
    </li>
  );
}

import { MessageCircleQuestionMark } from "lucide-react";
import { Link } from "react-router";
import { formatPaise } from "../../../core/format";
import { QUESTION_MESSAGES as M } from "../../../core/messages/questions";
import { questionPrice } from "../../../core/questions";

/**
 * "Ask a question" in the profile's booking panel (issue 40): the price incl. GST and the
 * answer time before any click; nothing when the advisor does not take paid questions.
 */
export function ProfileQuestion({
  advisor,
  isOwnProfile,
}: {
  advisor: { id: string; questionPriceInr: number | null; questionAnswerDays: number | null };
  isOwnProfile: boolean;
}) {
  if (advisor.questionPriceInr === null || advisor.questionAnswerDays === null) return null;
  const price = formatPaise(questionPrice(advisor.questionPriceInr).totalPaise);
  return (
    <div
      className="grid gap-1 rounded-lg border border-line p-3 text-sm"
      data-testid="profile-question"
    >
      <p className="flex items-center gap-2 font-semibold text-ink">
        <MessageCircleQuestionMark className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
        {isOwnProfile ? (
          M.askLabel
        ) : (
          <Link to={`/advisor/${advisor.id}/ask`} className="text-brand-700 underline">
            {M.askLabel}
          </Link>
        )}
      </p>
      <p className="text-muted">{M.offerLine(price, advisor.questionAnswerDays)}</p>
    </div>
  );
}

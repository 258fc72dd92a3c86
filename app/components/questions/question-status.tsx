import { formatSessionTime } from "../../../core/format";
import { QUESTION_MESSAGES as M } from "../../../core/messages/questions";
import type { QuestionStatus } from "../../../core/questions";

/** Where a question stands, with its date in the reader's zone: due, answered or refunded. */
export function questionStatusLine(
  q: {
    status: QuestionStatus;
    deadline: string | null;
    answeredAt: string | null;
    refundedAt: string | null;
  },
  zone: string,
): string {
  const at = (iso: string) => formatSessionTime(new Date(iso), zone);
  if (q.status === "open" && q.deadline) return M.dueBy(at(q.deadline));
  if (q.status === "answered" && q.answeredAt) return M.answeredOn(at(q.answeredAt));
  if (q.status === "refunded" && q.refundedAt) return M.refundedOn(at(q.refundedAt));
  return M.status[q.status];
}

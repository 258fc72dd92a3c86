import { Link } from "react-router";
import { Button } from "../ui/button";
import { Dialog, DialogClose, DialogContent, DialogTrigger } from "../ui/dialog";
import { GST_LABEL } from "../../../core/pricing";
import { REFUND_DAYS } from "../../../core/messages/sessions";
import { FULL_REFUND_HOURS, MODIFY_CUTOFF_HOURS } from "../../../core/sessions";

const SUMMARIES = {
  terms: {
    title: "Terms & Conditions",
    href: "/terms",
    points: [
      "BeenThere is a platform only: it connects you with people who share their own experience.",
      "Advice given in sessions is not legal, medical or financial advice.",
      `Prices are in INR and include ${GST_LABEL}. Sessions can be rescheduled or cancelled until ${MODIFY_CUTOFF_HOURS} hours before they start.`,
      `Cancel ${FULL_REFUND_HOURS} hours or more before the start for a full refund, paid back in ${REFUND_DAYS}.`,
      "Be respectful, keep sessions on the platform, and follow our Code of Conduct.",
    ],
  },
  privacy: {
    title: "Privacy Policy",
    href: "/privacy",
    points: [
      "We keep your account, profile and booking details to run the service, and nothing more.",
      "Payments are handled by Razorpay; we never store card numbers.",
      "Advisors' bank details are encrypted at rest.",
      "We use one session cookie to keep you signed in, and no advertising trackers.",
      "You can ask us for a copy of your data or to delete it at any time.",
    ],
  },
} as const;

/** Terms or privacy in an in-page dialog, so signing up never loses the form. */
export function LegalDialog({ kind }: { kind: keyof typeof SUMMARIES }) {
  const page = SUMMARIES[kind];
  return (
    <Dialog>
      <DialogTrigger className="font-medium text-brand-700 underline-offset-2 hover:underline">
        {page.title}
      </DialogTrigger>
      <DialogContent title={page.title} description="The key points, in short.">
        <ul className="grid list-disc gap-2 pl-5 text-sm text-muted">
          {page.points.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
        <div className="flex flex-wrap justify-end gap-2">
          <Button asChild variant="outline">
            <Link to={page.href} target="_blank" rel="noopener">
              View full page
            </Link>
          </Button>
          <DialogClose asChild>
            <Button>Close &amp; Return</Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}

import { AlertCircle } from "lucide-react";
import { cn } from "../../lib/cn";

/**
 * A form's one summary: what stops the whole form or step (the server refused it, several
 * fields need fixing), shown above its buttons instead of a toast that would cover them.
 * Assertive, so it is read out as soon as it appears; nothing is rendered without a message.
 */
export function FormSummary({
  title,
  message,
  className,
}: {
  title?: string;
  message?: string | null;
  className?: string;
}) {
  return (
    <div role="alert" className={cn("empty:hidden", className)}>
      {message ? (
        <div className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>
            {title ? <strong className="block font-semibold">{title}</strong> : null}
            {message}
          </p>
        </div>
      ) : null}
    </div>
  );
}

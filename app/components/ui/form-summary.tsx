import { AlertCircle, CheckCircle2 } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../../lib/cn";

/**
 * A form's one message about the whole form or step (the server refused it, several fields
 * need fixing, a link was sent), shown beside its buttons instead of a toast that would cover
 * them. The live region is always there, so a message is read out as soon as it appears.
 */
export function FormSummary({
  tone = "error",
  title,
  message,
  className,
  children,
}: {
  tone?: "error" | "success";
  title?: string;
  message?: string | null;
  className?: string;
  children?: ReactNode;
}) {
  const Icon = tone === "error" ? AlertCircle : CheckCircle2;
  return (
    <div role={tone === "error" ? "alert" : "status"} className={cn("empty:hidden", className)}>
      {message ? (
        <div
          className={cn(
            "flex items-start gap-2 rounded-lg border p-3 text-sm",
            tone === "error"
              ? "border-red-200 bg-red-50 text-red-900"
              : "border-brand-200 bg-brand-50 text-brand-900",
          )}
        >
          <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <div className="grid gap-1">
            {title ? <p className="font-semibold">{title}</p> : null}
            <p>{message}</p>
            {children}
          </div>
        </div>
      ) : null}
    </div>
  );
}

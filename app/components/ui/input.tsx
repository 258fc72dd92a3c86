import { cloneElement, type ComponentProps, isValidElement, type ReactNode } from "react";
import { cn } from "../../lib/cn";

const field =
  "w-full rounded-lg border border-line bg-surface px-3 text-sm text-ink shadow-xs placeholder:text-slate-400 focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-200 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-danger";

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={cn(field, "h-10", className)} {...props} />;
}

export function Select({ className, ...props }: ComponentProps<"select">) {
  return <select className={cn(field, "h-10", className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea className={cn(field, "min-h-24 py-2", className)} {...props} />;
}

export function Label({ className, ...props }: ComponentProps<"label">) {
  return <label className={cn("text-sm font-medium text-ink", className)} {...props} />;
}

/** A labelled form field with its validation message, wired for screen readers. */
export function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {describe(children, error ? `${id}-error` : hint ? `${id}-hint` : undefined, Boolean(error))}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Points the field's control at its hint or error, and marks it invalid when there is one. */
function describe(control: ReactNode, describedBy: string | undefined, invalid: boolean) {
  if (!isValidElement<ComponentProps<"input">>(control)) return control;
  return cloneElement(control, {
    "aria-describedby": describedBy,
    "aria-invalid": invalid || undefined,
  });
}

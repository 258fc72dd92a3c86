import { Search } from "lucide-react";
import { Form } from "react-router";
import { cn } from "../../lib/cn";
import { Button } from "../ui/button";
import { Input } from "../ui/input";

/**
 * A GET form to /advisors with the text in `search`, so the button, the Enter key and a
 * page without JavaScript all land on /advisors?search=<encoded text>.
 */
export function AdvisorSearchForm({
  id,
  label,
  placeholder,
  buttonLabel,
  size = "lg",
  className,
}: {
  id: string;
  label: string;
  placeholder: string;
  buttonLabel: string;
  size?: "md" | "lg";
  className?: string;
}) {
  const large = size === "lg";
  return (
    <Form
      action="/advisors"
      method="get"
      role="search"
      aria-label={label}
      className={cn(
        "flex w-full flex-col gap-2 sm:flex-row",
        large && "rounded-2xl border border-line bg-surface p-2 shadow-card",
        className,
      )}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="relative flex-1">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500"
          aria-hidden="true"
        />
        <Input
          id={id}
          name="search"
          type="search"
          autoComplete="off"
          enterKeyHint="search"
          placeholder={placeholder}
          className={cn(
            "pl-10 placeholder:text-slate-500",
            large ? "h-12 border-transparent text-base shadow-none" : "h-11",
          )}
        />
      </div>
      <Button type="submit" size="lg" className={cn(!large && "h-11")}>
        {buttonLabel}
      </Button>
    </Form>
  );
}

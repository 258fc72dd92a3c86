import { useState } from "react";
import { Form, useNavigate } from "react-router";
import { advisorSearchUrl } from "../../../core/advisor-search-url";
import { cn } from "../../lib/cn";
import { SearchCombobox } from "../search/search-combobox";
import { Button } from "../ui/button";

/**
 * A GET form to /advisors with the text in `search`, so the button, the Enter key and a
 * page without JavaScript all land on /advisors?search=<encoded text>; a picked suggestion
 * lands on its own search.
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
  const [value, setValue] = useState("");
  const navigate = useNavigate();
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
      <SearchCombobox
        id={id}
        name="search"
        value={value}
        onValueChange={setValue}
        onChoose={(text) => {
          setValue(text);
          void navigate(advisorSearchUrl(text));
        }}
        enterKeyHint="search"
        placeholder={placeholder}
        className={cn(
          "placeholder:text-slate-500",
          large ? "h-12 border-transparent text-base shadow-none" : "h-11",
        )}
      />
      <Button type="submit" size="lg" className={cn(!large && "h-11")}>
        {buttonLabel}
      </Button>
    </Form>
  );
}

import { Plus, X } from "lucide-react";
import { type KeyboardEvent, useId, useState } from "react";
import { addToList } from "../../../core/advisor-fields";
import { Button } from "../ui/button";
import { Input, Label } from "../ui/input";

/**
 * A list typed one entry at a time (Enter or Add), shown as removable chips. Entries are
 * trimmed and kept once; `suggestions` are offered while typing but anything may be entered.
 */
export function ListInput({
  id,
  label,
  values,
  onChange,
  suggestions = [],
  placeholder,
  hint,
  error,
}: {
  id: string;
  label: string;
  values: string[];
  onChange: (next: string[]) => void;
  suggestions?: readonly string[];
  placeholder?: string;
  hint?: string;
  error?: string;
}) {
  const [draft, setDraft] = useState("");
  const listId = useId();
  const add = () => {
    if (draft.trim() === "") return;
    onChange(addToList(values, draft));
    setDraft("");
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault(); // Enter adds the entry instead of submitting the form
    add();
  };
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean);
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          list={suggestions.length ? listId : undefined}
          placeholder={placeholder}
          maxLength={80}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy.join(" ") || undefined}
        />
        <Button type="button" variant="outline" onClick={add} aria-label={`Add to ${label}`}>
          <Plus aria-hidden="true" />
          Add
        </Button>
      </div>
      {suggestions.length ? (
        <datalist id={listId}>
          {suggestions
            .filter((s) => !values.some((v) => v.toLowerCase() === s.toLowerCase()))
            .map((s) => (
              <option key={s} value={s} />
            ))}
        </datalist>
      ) : null}
      {values.length ? (
        <ul className="flex flex-wrap gap-2" aria-label={`${label}: ${values.length} added`}>
          {values.map((value) => (
            <li
              key={value}
              className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm text-brand-900 ring-1 ring-brand-200"
            >
              {value}
              <button
                type="button"
                onClick={() => onChange(values.filter((v) => v !== value))}
                className="rounded-full p-0.5 hover:bg-brand-100"
                aria-label={`Remove ${value}`}
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {hint ? (
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

import { Plus, X } from "lucide-react";
import { type KeyboardEvent, useId, useState } from "react";
import { addToList } from "../../../core/advisor-fields";
import { Button } from "./button";
import { Input } from "./input";

/**
 * A list typed one entry at a time (Enter or Add), shown as removable chips. Entries are
 * trimmed and kept once; `suggestions` are offered while typing but anything may be entered.
 * A bare control: <FormField> gives it its id, value, onChange and ARIA wiring, and shows the
 * label, hint and error. `label` names the Add button and the list of chips.
 */
export function ListInput({
  id,
  name,
  label,
  value = [],
  onChange,
  suggestions = [],
  placeholder,
  "aria-invalid": invalid,
  "aria-describedby": describedBy,
}: {
  id?: string;
  name?: string;
  label: string;
  value?: string[];
  onChange?: (next: string[]) => void;
  suggestions?: readonly string[];
  placeholder?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}) {
  const [draft, setDraft] = useState("");
  const listId = useId();
  const change = (next: string[]) => onChange?.(next);
  const add = () => {
    if (draft.trim() === "") return;
    change(addToList(value, draft));
    setDraft("");
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault(); // Enter adds the entry instead of submitting the form
    add();
  };
  return (
    <div className="grid gap-2">
      <div className="flex gap-2">
        <Input
          id={id}
          name={name}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          list={suggestions.length ? listId : undefined}
          placeholder={placeholder}
          maxLength={80}
          aria-invalid={invalid}
          aria-describedby={describedBy}
        />
        <Button type="button" variant="outline" onClick={add} aria-label={`Add to ${label}`}>
          <Plus aria-hidden="true" />
          Add
        </Button>
      </div>
      {suggestions.length ? (
        <datalist id={listId}>
          {suggestions
            .filter((s) => !value.some((v) => v.toLowerCase() === s.toLowerCase()))
            .map((s) => (
              <option key={s} value={s} />
            ))}
        </datalist>
      ) : null}
      {value.length ? (
        <ul className="flex flex-wrap gap-2" aria-label={`${label}: ${value.length} added`}>
          {value.map((entry) => (
            <li
              key={entry}
              className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm text-brand-900 ring-1 ring-brand-200"
            >
              {entry}
              <button
                type="button"
                onClick={() => change(value.filter((v) => v !== entry))}
                className="rounded-full p-0.5 hover:bg-brand-100"
                aria-label={`Remove ${entry}`}
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

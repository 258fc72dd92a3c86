import { BriefcaseBusiness, Building, MapPin, Search, Tag } from "lucide-react";
import { type ComponentProps, type KeyboardEvent, useEffect, useState } from "react";
import {
  ADVISOR_SEARCH_MESSAGES as M,
  SUGGESTION_KIND_LABELS,
} from "../../../core/messages/advisor-search";
import type { SearchSuggestion } from "../../../core/search";
import { typedParts } from "../../../core/suggestion-highlight";
import { cn } from "../../lib/cn";
import { Input } from "../ui/input";
import { useSearchSuggestions } from "./use-search-suggestions";

const KIND_ICONS = { topic: Tag, company: Building, location: MapPin, title: BriefcaseBusiness };

type SearchComboboxProps = Omit<
  ComponentProps<"input">,
  "id" | "value" | "onChange" | "onKeyDown" | "onBlur" | "type" | "role"
> & {
  id: string;
  value: string;
  onValueChange: (value: string) => void;
  /** A suggestion was picked (Enter on it, or a click): search for its text. */
  onChoose: (text: string) => void;
};

/**
 * A search box that suggests topics, companies, cities and roles as you type: the WAI-ARIA 1.2
 * combobox with a listbox popup. Focus stays in the box; the arrow keys move through the
 * suggestions, Enter on one searches for it, Escape closes the list (and a second Escape clears
 * the box, as a search box does), and a polite status says how many there are. It is a plain
 * `type=search` input of its form, so without JavaScript the form still submits.
 */
export function SearchCombobox({
  id,
  value,
  onValueChange,
  onChoose,
  className,
  ...inputProps
}: SearchComboboxProps) {
  const [open, setOpen] = useState(false);
  // The highlighted option, tied to the list it was picked in: a new list starts with none.
  const [active, setActive] = useState<{ list: SearchSuggestion[]; index: number } | null>(null);
  const { query, suggestions, settled } = useSearchSuggestions(value, open);
  const expanded = open && suggestions.length > 0;
  const activeIndex = expanded && active?.list === suggestions ? active.index : -1;
  const listboxId = `${id}-suggestions`;
  const optionId = (index: number) => `${id}-suggestion-${index}`;
  const activeId = activeIndex >= 0 ? optionId(activeIndex) : undefined;

  // The highlighted option stays in view as the arrow keys move through a list that scrolls.
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: "nearest" });
  }, [activeId]);

  const choose = (suggestion: SearchSuggestion) => {
    setOpen(false);
    setActive(null);
    onChoose(suggestion.text);
  };

  const move = (step: 1 | -1) => {
    setOpen(true);
    const count = suggestions.length;
    if (count === 0) return;
    const from = activeIndex === -1 && step === -1 ? 0 : activeIndex;
    setActive({ list: suggestions, index: (from + step + count) % count });
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      move(event.key === "ArrowDown" ? 1 : -1);
    } else if (event.key === "Enter") {
      const highlighted = suggestions[activeIndex];
      if (highlighted) {
        event.preventDefault();
        choose(highlighted);
      } else {
        setOpen(false); // the form submits what is typed
      }
    } else if (event.key === "Escape") {
      if (expanded) {
        event.preventDefault();
        setOpen(false);
        setActive(null);
      } else if (value !== "") {
        event.preventDefault();
        onValueChange("");
      }
    }
  };

  return (
    <div className="relative flex-1">
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500"
        aria-hidden="true"
      />
      <Input
        {...inputProps}
        id={id}
        type="search"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-activedescendant={activeId}
        value={value}
        onChange={(event) => {
          onValueChange(event.target.value);
          setOpen(true);
          setActive(null);
        }}
        onKeyDown={handleKeyDown}
        onBlur={() => setOpen(false)}
        className={cn("pl-10", className)}
      />
      <ul
        id={listboxId}
        role="listbox"
        aria-label={M.suggestionsLabel}
        hidden={!expanded}
        // A press on the list must not take focus from the box (which would close it).
        onMouseDown={(event) => event.preventDefault()}
        className="absolute inset-x-0 top-full z-30 mt-2 max-h-[min(22rem,55vh)] overflow-y-auto overscroll-contain rounded-xl border border-line bg-surface py-1.5 text-left shadow-card"
      >
        {suggestions.map((suggestion, index) => {
          const KindIcon = KIND_ICONS[suggestion.kind];
          const highlighted = index === activeIndex;
          return (
            <li
              key={`${suggestion.kind} ${suggestion.text}`}
              id={optionId(index)}
              role="option"
              aria-selected={highlighted}
              onMouseMove={() => {
                if (!highlighted) setActive({ list: suggestions, index });
              }}
              onClick={() => choose(suggestion)}
              className={cn(
                "mx-1.5 flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm text-ink",
                highlighted && "bg-brand-50 text-brand-900",
              )}
            >
              <KindIcon
                className={cn("size-4 shrink-0", highlighted ? "text-brand-600" : "text-slate-400")}
                aria-hidden="true"
              />
              <span className="min-w-0 flex-1">
                {typedParts(suggestion.text, query).map((part, i) =>
                  part.typed ? (
                    <strong key={i} className="font-semibold">
                      {part.text}
                    </strong>
                  ) : (
                    <span key={i}>{part.text}</span>
                  ),
                )}
              </span>
              <span className="sr-only">, </span>
              <span className="shrink-0 text-xs font-medium text-muted">
                {SUGGESTION_KIND_LABELS[suggestion.kind]}
              </span>
            </li>
          );
        })}
      </ul>
      <div role="status" aria-live="polite" aria-atomic="true" className="sr-only">
        {open && query !== "" && settled ? M.suggestionCount(suggestions.length) : ""}
      </div>
    </div>
  );
}

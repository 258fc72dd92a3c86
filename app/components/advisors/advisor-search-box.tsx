import { useEffect, useRef, useState } from "react";
import { Form, useLocation, useNavigate, useNavigationType } from "react-router";
import { advisorSearchUrl } from "../../../core/advisor-search-url";
import { SearchCombobox } from "../search/search-combobox";
import { Button } from "../ui/button";

const TYPING_PAUSE_MS = 350;

/** Marks the history entries the box's typing makes, whose URL already matches the box. */
const TYPED = { typedInSearchBox: true };
const isTyped = (state: unknown) =>
  typeof state === "object" && state !== null && "typedInSearchBox" in state;

/**
 * The listing's search box. Submitting or picking a suggestion adds a history entry (the back
 * button returns to the previous search); typing updates the URL in place after a short pause,
 * so the address bar always holds a shareable link to what is on screen.
 */
export function AdvisorSearchBox({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  const navigate = useNavigate();
  const location = useLocation();
  const navigationType = useNavigationType();
  const typingTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // Back/forward and links ("Did you mean …?") show what their URL says; what was typed here
  // stays as typed (its URL is trimmed, and typing may have gone on since).
  const [shownKey, setShownKey] = useState(location.key);
  if (location.key !== shownKey) {
    setShownKey(location.key);
    if (navigationType === "POP" || !isTyped(location.state)) setValue(initial);
  }

  useEffect(() => () => clearTimeout(typingTimer.current), []);

  const onType = (next: string) => {
    setValue(next);
    clearTimeout(typingTimer.current);
    typingTimer.current = setTimeout(() => {
      void navigate(advisorSearchUrl(next), {
        replace: true,
        preventScrollReset: true,
        state: TYPED,
      });
    }, TYPING_PAUSE_MS);
  };

  return (
    <Form
      method="get"
      action="/advisors"
      role="search"
      className="flex w-full max-w-2xl flex-col gap-2 sm:flex-row"
      onSubmit={() => clearTimeout(typingTimer.current)}
    >
      <label htmlFor="advisor-search" className="sr-only">
        Search advisors
      </label>
      <SearchCombobox
        id="advisor-search"
        name="search"
        value={value}
        onValueChange={onType}
        onChoose={(text) => {
          clearTimeout(typingTimer.current);
          setValue(text);
          void navigate(advisorSearchUrl(text));
        }}
        placeholder="Search by topic, company, role or city, e.g. Moving to Dubai"
        className="h-12 text-base"
      />
      <Button type="submit" size="lg">
        Search
      </Button>
    </Form>
  );
}

import { Search } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, useLocation, useNavigate, useNavigationType } from "react-router";
import { advisorSearchUrl } from "../../../core/advisor-search-url";
import { Button } from "../ui/button";
import { Input } from "../ui/input";

const TYPING_PAUSE_MS = 350;

/**
 * The listing's search box. Submitting adds a history entry (the back button returns to the
 * previous search); typing updates the URL in place after a short pause, so the address bar
 * always holds a shareable link to what is on screen.
 */
export function AdvisorSearchBox({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  const navigate = useNavigate();
  const location = useLocation();
  const navigationType = useNavigationType();
  const typingTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // Back/forward shows what that URL says; our own navigations already match the box.
  const [shownKey, setShownKey] = useState(location.key);
  if (location.key !== shownKey) {
    setShownKey(location.key);
    if (navigationType === "POP") setValue(initial);
  }

  useEffect(() => () => clearTimeout(typingTimer.current), []);

  const onType = (next: string) => {
    setValue(next);
    clearTimeout(typingTimer.current);
    typingTimer.current = setTimeout(() => {
      void navigate(advisorSearchUrl(next), { replace: true, preventScrollReset: true });
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
      <div className="relative flex-1">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-400"
          aria-hidden="true"
        />
        <Input
          id="advisor-search"
          name="search"
          type="search"
          value={value}
          onChange={(e) => onType(e.target.value)}
          placeholder="Search by topic, company, role or city, e.g. Moving to Dubai"
          className="h-12 pl-10 text-base"
          autoComplete="off"
        />
      </div>
      <Button type="submit" size="lg">
        Search
      </Button>
    </Form>
  );
}

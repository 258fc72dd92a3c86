import { Link } from "react-router";

/** The logo links home; its name is the visible word plus "home" (so it says where it goes). */
export function Logo() {
  return (
    <Link to="/" className="flex shrink-0 items-center gap-2 rounded-md whitespace-nowrap">
      <span
        aria-hidden="true"
        className="grid size-8 place-items-center rounded-lg bg-brand-700 text-sm font-bold text-white"
      >
        BT
      </span>
      <span className="text-lg font-bold tracking-tight text-ink">
        Been<span className="text-brand-700">There</span>
        <span className="sr-only"> home</span>
      </span>
    </Link>
  );
}

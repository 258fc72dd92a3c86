import { Link } from "react-router";

export function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 rounded-md" aria-label="BeenThere home">
      <span className="grid size-8 place-items-center rounded-lg bg-brand-700 text-sm font-bold text-white">
        BT
      </span>
      <span className="text-lg font-bold tracking-tight text-ink">
        Been<span className="text-brand-700">There</span>
      </span>
    </Link>
  );
}

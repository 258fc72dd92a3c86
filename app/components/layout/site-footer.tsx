import { Link } from "react-router";
import { Logo } from "./logo";
import { GST_LABEL } from "../../../core/pricing";

const COLUMNS = [
  {
    title: "Explore",
    links: [
      { to: "/advisors", label: "Find Advisors" },
      { to: "/become-advisor", label: "Become an Advisor" },
    ],
  },
  {
    title: "Company",
    links: [
      { to: "/about", label: "About" },
      { to: "/contact", label: "Contact" },
    ],
  },
  {
    title: "Legal",
    links: [
      { to: "/privacy", label: "Privacy Policy" },
      { to: "/terms", label: "Terms & Conditions" },
      { to: "/cancellation-refunds", label: "Refund Policy" },
    ],
  },
] as const;

export function SiteFooter() {
  return (
    <footer className="mt-auto border-t border-line bg-surface print:hidden">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[2fr_3fr]">
        <div className="grid max-w-sm content-start gap-3">
          <Logo />
          <p className="text-sm text-muted">
            Talk 1-1 to someone who has already made the move you are planning: a new job, a new
            country, a new degree.
          </p>
        </div>
        <div className="grid grid-cols-2 gap-8 sm:grid-cols-3">
          {COLUMNS.map((column) => (
            <div key={column.title} className="grid content-start gap-3">
              <h2 className="text-sm font-semibold text-ink">{column.title}</h2>
              <ul className="grid gap-2">
                {column.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className="text-sm text-muted hover:text-brand-700">
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </div>
      <div className="border-t border-line">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-xs text-muted sm:px-6 md:flex-row md:justify-between">
          <p>
            © {new Date().getFullYear()} BeenThere. Prices in INR and include {GST_LABEL}.
          </p>
          <p>
            BeenThere is a platform only: advice shared in sessions is not legal, medical or
            financial advice.
          </p>
        </div>
      </div>
    </footer>
  );
}

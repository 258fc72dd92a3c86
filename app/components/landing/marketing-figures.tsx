import { MARKETING_FIGURES } from "../../../core/landing-content";
import { CountUp } from "./count-up";

/** The fixed marketing figures (500+, 10000+, 4.9/5). */
export function MarketingFigures() {
  return (
    <div className="rounded-card bg-brand-800 px-6 py-10 text-white shadow-card sm:px-10">
      <h3 className="sr-only">BeenThere in numbers</h3>
      <dl className="grid gap-8 text-center sm:grid-cols-3 sm:divide-x sm:divide-white/15">
        {MARKETING_FIGURES.map((figure) => (
          <div key={figure.label} className="flex flex-col-reverse gap-1">
            <dt className="text-sm font-medium text-brand-100">{figure.label}</dt>
            <dd className="text-4xl font-bold tracking-tight sm:text-5xl">
              <CountUp display={figure.display} countUp={figure.countUp} />
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

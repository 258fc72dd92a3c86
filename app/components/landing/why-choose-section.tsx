import { CalendarClock, type LucideIcon, ShieldCheck, Star, UserCheck } from "lucide-react";
import { WHY_CHOOSE_POINTS, type WhyChoosePoint } from "../../../core/landing-content";
import { MarketingFigures } from "./marketing-figures";

const ICONS: Record<WhyChoosePoint["id"], LucideIcon> = {
  expert: UserCheck,
  scheduling: CalendarClock,
  secure: ShieldCheck,
  quality: Star,
};

/** The 'Why choose BeenThere' points, followed by the marketing figures. */
export function WhyChooseSection() {
  return (
    <section aria-labelledby="why-heading" className="bg-surface py-16 sm:py-20">
      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-12 px-4 sm:px-6">
        <div className="mx-auto grid max-w-2xl gap-3 text-center">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
            The BeenThere difference
          </p>
          <h2 id="why-heading" className="text-3xl font-bold sm:text-4xl">
            Why choose BeenThere
          </h2>
          <p className="text-muted">
            Generic advice is everywhere. A conversation with someone who has walked the same road
            is not.
          </p>
        </div>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {WHY_CHOOSE_POINTS.map((point) => {
            const Icon = ICONS[point.id];
            return (
              <li
                key={point.id}
                className="grid content-start gap-3 rounded-card border border-line bg-canvas p-6"
              >
                <span className="grid size-11 place-items-center rounded-xl bg-brand-100 text-brand-700">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <h3 className="text-lg font-semibold">{point.title}</h3>
                <p className="text-sm leading-relaxed text-muted">{point.description}</p>
              </li>
            );
          })}
        </ul>
        <MarketingFigures />
      </div>
    </section>
  );
}

export type Founder = { name: string; role: string; journey: string; bio: string };

const initials = (name: string) =>
  name
    .split(" ")
    .map((part) => part[0])
    .join("")
    .slice(0, 2);

/** A founder with their own move spelled out: the reason BeenThere exists. */
export function FounderCard({ founder }: { founder: Founder }) {
  return (
    <article className="grid h-full content-start gap-4 rounded-card border border-line bg-surface p-6 shadow-card">
      <div className="flex items-center gap-4">
        <span
          aria-hidden="true"
          className="grid size-14 shrink-0 place-items-center rounded-full bg-gradient-to-br from-brand-600 to-brand-800 text-lg font-bold text-white"
        >
          {initials(founder.name)}
        </span>
        <div>
          <h3 className="text-lg font-semibold text-ink">{founder.name}</h3>
          <p className="text-sm font-medium text-brand-700">{founder.role}</p>
        </div>
      </div>
      <p className="text-sm font-medium text-ink">
        <span className="sr-only">Journey: </span>
        {founder.journey}
      </p>
      <p className="text-sm leading-6 text-muted">{founder.bio}</p>
    </article>
  );
}

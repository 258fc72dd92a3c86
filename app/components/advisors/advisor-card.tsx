import { Briefcase, Building2, type LucideIcon, MapPin, Package } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatPriceLabel, fullName } from "../../../core/format";
import type { AdvisorCardData } from "../../../core/advisor-card";
import { Button } from "../ui/button";
import { Badge, Card } from "../ui/card";
import { RatingBadge } from "./advisor-rating";

const MAX_SKILLS = 3;

/** The advisor card, shared by the landing grid and the listing. */
export function AdvisorCard({ advisor }: { advisor: AdvisorCardData }) {
  const name = fullName(advisor.firstName, advisor.lastName);
  const extraSkills = advisor.skills.length - MAX_SKILLS;
  return (
    <Card className="flex flex-col gap-4 p-5">
      <div className="flex items-start gap-4">
        <img
          src={advisor.headshotUrl ?? "/placeholder-headshot.svg"}
          alt={`Headshot of ${name}`}
          width={72}
          height={72}
          loading="lazy"
          className="size-18 shrink-0 rounded-full bg-brand-50 object-cover"
        />
        <div className="grid min-w-0 gap-1">
          <h3 className="text-base font-semibold">{name}</h3>
          {advisor.jobTitle ? (
            <CardFact icon={Briefcase} testId="advisor-job-title">
              {advisor.jobTitle}
            </CardFact>
          ) : null}
          {advisor.currentCompany ? (
            <CardFact icon={Building2} testId="advisor-company">
              {advisor.currentCompany}
            </CardFact>
          ) : null}
          {advisor.workLocations.length > 0 ? (
            <CardFact icon={MapPin}>{advisor.workLocations.join(", ")}</CardFact>
          ) : null}
          {advisor.totalExperienceYears != null ? (
            <p className="text-sm text-muted">{advisor.totalExperienceYears} years experience</p>
          ) : null}
          <RatingBadge rating={advisor.rating} />
        </div>
      </div>
      {advisor.shortIntro ? <p className="text-sm font-medium">{advisor.shortIntro}</p> : null}
      {advisor.about ? <p className="text-sm text-muted">{advisor.about}</p> : null}
      <ul className="flex flex-wrap gap-1.5" aria-label="Skills">
        {advisor.skills.slice(0, MAX_SKILLS).map((skill) => (
          <li key={skill}>
            <Badge tone="brand">{skill}</Badge>
          </li>
        ))}
        {extraSkills > 0 ? (
          <li>
            <Badge>+{extraSkills} more</Badge>
          </li>
        ) : null}
      </ul>
      {advisor.bestPackage ? (
        <p className="flex items-start gap-1.5 text-sm text-ink" data-testid="advisor-package">
          <Package className="mt-0.5 size-3.5 shrink-0 text-brand-700" aria-hidden="true" />
          <span className="min-w-0">
            <span className="sr-only">Package: </span>
            {advisor.bestPackage}
          </span>
        </p>
      ) : null}
      <div className="mt-auto flex items-center justify-between gap-3 border-t border-line pt-4">
        <p className="text-sm text-muted">
          Starting @{" "}
          <span className="text-base font-semibold text-ink">
            {formatPriceLabel(advisor.hourlyRateInr)}
          </span>
        </p>
        <Button asChild size="sm">
          <Link to={`/advisor/${advisor.id}`} aria-label={`View Profile of ${name}`}>
            View Profile
          </Link>
        </Button>
      </div>
    </Card>
  );
}

/** One line of facts under the name; it wraps rather than cut a long title or company short. */
function CardFact({
  icon: Icon,
  testId,
  children,
}: {
  icon: LucideIcon;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <p className="flex items-start gap-1.5 text-sm text-muted" data-testid={testId}>
      <Icon className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
      <span className="min-w-0">{children}</span>
    </p>
  );
}

import { Star } from "lucide-react";
import type { AdvisorRating } from "../../../core/advisor-card";
import { Card } from "../ui/card";

const reviewsLabel = (n: number) => `${n} review${n === 1 ? "" : "s"}`;

/** "★ 4.5 (2 reviews)" on cards; nothing before the first review. */
export function RatingBadge({
  rating,
}: {
  rating: Pick<AdvisorRating, "average" | "count"> | null;
}) {
  if (!rating) return null;
  return (
    <p className="flex items-center gap-1 text-sm" data-testid="advisor-rating">
      <Star className="size-4 fill-accent-500 text-accent-600" aria-hidden="true" />
      <span className="font-semibold">{rating.average.toFixed(1)}</span>
      <span className="text-muted">({reviewsLabel(rating.count)})</span>
    </p>
  );
}

/** The profile's ratings: average, count, share who recommend, the latest written feedback. */
export function RatingCard({ rating }: { rating: AdvisorRating | null }) {
  if (!rating) return null;
  const month = new Intl.DateTimeFormat("en-IN", { month: "long", year: "numeric" });
  return (
    <Card className="grid gap-3 p-6 sm:p-8" data-testid="profile-rating">
      <h2 className="text-xl font-semibold">Reviews</h2>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="flex items-center gap-1 text-2xl font-bold">
          <Star className="size-6 fill-accent-500 text-accent-600" aria-hidden="true" />
          {rating.average.toFixed(1)}
        </span>
        <span className="text-muted">{reviewsLabel(rating.count)}</span>
        <span className="text-muted">· {rating.recommendPercent}% recommend</span>
      </p>
      {rating.latest ? (
        <figure className="rounded-lg bg-slate-50 p-4">
          <blockquote className="text-sm leading-relaxed">“{rating.latest.feedback}”</blockquote>
          <figcaption className="mt-2 text-xs text-muted">
            {rating.latest.firstName}, {month.format(new Date(rating.latest.createdAt))}
          </figcaption>
        </figure>
      ) : null}
    </Card>
  );
}

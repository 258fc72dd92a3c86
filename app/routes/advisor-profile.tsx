import { Briefcase, CalendarClock, Clock, MapPin } from "lucide-react";
import { data, Link } from "react-router";
import { advisorDisplayName, firstCallPricing, formatPriceLabel } from "../../core/format";
import { DISCOVERY_MINUTES } from "../../core/booking-limits";
import { GST_LABEL } from "../../core/pricing";
import { isUuid } from "../../core/ids";
import { getViewer } from "../../server/auth/session.server";
import { sessionOptionsFor } from "../../server/bookings/booking-service.server";
import { bookingStepFor } from "../../server/bookings/booking-step.server";
import { BOOKING_PARAMS, NOTES_PARAM } from "../../core/booking-url-state";
import { BookingFlow } from "../components/booking/booking-flow";
import { BackLink } from "../components/ui/back-link";
import { MessageButton } from "../components/messages/message-button";
import { Button } from "../components/ui/button";
import { Badge, Card } from "../components/ui/card";
import { RatingCard } from "../components/advisors/advisor-rating";
import { ProfilePackages } from "../components/packages/profile-packages";
import { ProfileQuestion } from "../components/questions/profile-question";
import type { Route } from "./+types/advisor-profile";
import { type CacheHandle, DIRECTORY, PAGE } from "../../core/cache-contract";
import { revalidateUnlessQueryOnly } from "../lib/client-state";

/**
 * A profile URL with booking choices is rendered for whoever asks and never kept (ADR 85): the
 * server renders the step it names, whose times move with the calendar, and a plain form's
 * notes are the person's own.
 */
export const handle: CacheHandle = {
  cache: { ...PAGE, ...DIRECTORY, personal: [...BOOKING_PARAMS, NOTES_PARAM] },
};

/**
 * Once hydrated, the booking steps' parameters are the browser's own (ADR 72): a move between
 * steps asks the server nothing. The loader reads them for the first render only (ADR 85).
 */
export const shouldRevalidate = revalidateUnlessQueryOnly;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const advisor = isUuid(params.id) ? await context.directory.findApproved(params.id) : null;
  if (!advisor) return data({ advisor: null, appUrl: context.config.appUrl }, { status: 404 });
  const viewer = await getViewer(request, context);
  // First Call or Follow up calls, from the seeker's own bookings with this advisor.
  const options = await sessionOptionsFor(
    context.db,
    viewer?.userId ?? null,
    { id: advisor.id, hourlyRateInr: advisor.hourlyRateInr },
    context.now(),
  );
  return {
    advisor,
    appUrl: context.config.appUrl,
    options,
    isOwnProfile: viewer !== null && viewer.advisorId === advisor.id,
    testCheckout: context.publicConfig.testCheckout,
    // The step the URL names, for the first render: the plain forms work before hydration.
    booking: await bookingStepFor(context.db, advisor.id, new URL(request.url).searchParams, {
      topicCount: bookableTopics(advisor).length,
      options,
      now: context.now(),
      viewerZone: viewer?.timeZone,
    }),
  };
}

export function meta({ data: loaded }: Route.MetaArgs) {
  const advisor = loaded?.advisor;
  if (!advisor) return [{ title: "Advisor not found | BeenThere" }];
  const name = advisorDisplayName(advisor);
  const role = [advisor.jobTitle, advisor.currentCompany].filter(Boolean).join(" at ");
  const title = `${name}${role ? `, ${role}` : ""} | BeenThere`;
  const description = advisor.shortIntro ?? `Book a 1-1 video session with ${name} on BeenThere.`;
  const url = `${loaded.appUrl}/advisor/${advisor.id}`;
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "profile" },
    { property: "og:site_name", content: "BeenThere" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    ...(advisor.headshotUrl
      ? [{ property: "og:image", content: `${loaded.appUrl}${advisor.headshotUrl}` }]
      : []),
    { name: "twitter:card", content: "summary" },
  ];
}

export default function AdvisorProfile({ loaderData }: Route.ComponentProps) {
  if (!loaderData.advisor) return <AdvisorNotFound />;
  const { advisor, options, isOwnProfile, testCheckout, booking } = loaderData;
  const name = advisorDisplayName(advisor);
  const topics = adviceTopics(advisor);
  const price = formatPriceLabel(advisor.hourlyRateInr);
  const firstCall = firstCallPricing(advisor.hourlyRateInr, options);
  const bookable = bookableTopics(advisor);
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      <BackLink to="/advisors">Back to advisors</BackLink>
      <div className="mt-6 grid items-start gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <article className="grid gap-6">
          <Card className="grid gap-6 p-6 sm:grid-cols-[auto_1fr] sm:p-8">
            <img
              src={advisor.headshotUrl ?? "/placeholder-headshot.svg"}
              alt={`Headshot of ${name}`}
              width={144}
              height={144}
              className="size-28 rounded-full bg-brand-50 object-cover sm:size-36"
            />
            <div className="grid content-start gap-2">
              <h1 className="text-2xl font-bold sm:text-3xl">{name}</h1>
              {advisor.jobTitle || advisor.currentCompany ? (
                <p className="flex items-center gap-2 text-muted">
                  <Briefcase className="size-4 shrink-0" aria-hidden="true" />
                  {[advisor.jobTitle, advisor.currentCompany].filter(Boolean).join(" at ")}
                </p>
              ) : null}
              {advisor.workLocations.length > 0 ? (
                <p className="flex items-center gap-2 text-muted">
                  <MapPin className="size-4 shrink-0" aria-hidden="true" />
                  {advisor.workLocations.join(", ")}
                </p>
              ) : null}
              {advisor.totalExperienceYears != null ? (
                <p className="flex items-center gap-2 text-muted">
                  <Clock className="size-4 shrink-0" aria-hidden="true" />
                  {advisor.totalExperienceYears} years experience
                </p>
              ) : null}
              {advisor.shortIntro ? (
                <p className="mt-2 text-lg font-medium">{advisor.shortIntro}</p>
              ) : null}
              {/* Questions before booking: the pair's conversation (issue 39). */}
              {isOwnProfile ? null : (
                <MessageButton other={{ advisorId: advisor.id }} className="mt-3" />
              )}
              {/* On a phone the booking steps sit below the whole profile: price and a way there. */}
              <div className="mt-3 flex flex-wrap items-center gap-3 lg:hidden">
                <div className="grid gap-0.5 text-sm text-muted">
                  <p>
                    Starting @ <span className="font-semibold text-ink">{price}</span>
                  </p>
                  {firstCall ? (
                    <p className="font-semibold text-ink">{firstCall.firstCall}</p>
                  ) : null}
                </div>
                <Button asChild size="sm">
                  <a href="#booking">Book a session</a>
                </Button>
              </div>
            </div>
          </Card>
          <Card className="grid gap-3 p-6 sm:p-8">
            <h2 className="text-xl font-semibold">About</h2>
            <p className="leading-relaxed whitespace-pre-line text-muted">
              {advisor.about || `${name} hasn't written an about section yet.`}
            </p>
          </Card>
          <ProfilePackages
            advisorId={advisor.id}
            packages={advisor.packages}
            hourlyRateInr={advisor.hourlyRateInr}
            isOwnProfile={isOwnProfile}
          />
          <RatingCard rating={advisor.rating} />
          <TagList title="Skills" items={advisor.skills} tone="brand" />
          <TagList title="Topics I can help with" items={topics} tone="neutral" />
        </article>

        {/* The four booking steps. */}
        <aside id="booking" aria-labelledby="booking-heading" className="lg:sticky lg:top-24">
          <Card className="grid gap-5 p-4 sm:p-8">
            <div className="grid gap-2">
              <h2 id="booking-heading" className="flex items-center gap-2 text-xl font-semibold">
                <CalendarClock className="size-5 text-brand-700" aria-hidden="true" />
                Book a session
              </h2>
              <p className="text-sm text-muted">
                1-1 video calls of 15 or 30 minutes, starting @{" "}
                <span className="font-semibold text-ink">{price}</span>
                {advisor.hourlyRateInr > 0 ? ` (incl. ${GST_LABEL})` : ""}.
              </p>
              {firstCall ? (
                <div className="grid gap-1 rounded-lg bg-brand-50 p-3 text-sm" data-first-call>
                  <p className="font-semibold text-ink">{firstCall.firstCall}</p>
                  <p className="text-muted">{firstCall.followUps}</p>
                </div>
              ) : null}
              <ProfileQuestion advisor={advisor} isOwnProfile={isOwnProfile} />
            </div>
            {isOwnProfile ? (
              <p role="status" className="rounded-lg bg-brand-50 p-4 text-sm text-brand-900">
                This is your own profile: seekers book their sessions with you here. You cannot book
                a session with yourself.
              </p>
            ) : (
              <BookingFlow
                advisor={{ id: advisor.id, name, topics: bookable }}
                options={options}
                testCheckout={testCheckout}
                initial={booking}
              />
            )}
            <p className="border-t border-line pt-4 text-sm text-muted">
              Not sure what to ask {name}? Our team can help you plan your questions in a free{" "}
              {DISCOVERY_MINUTES}-minute call.{" "}
              <Link to="/free-discovery-call" className="font-medium text-brand-700 underline">
                Book Free Discovery Call
              </Link>
            </p>
          </Card>
        </aside>
      </div>
    </div>
  );
}

type TopicLists = Record<
  "skills" | "careerAdviceTopics" | "personalAdviceTopics" | "businessAdviceTopics",
  readonly string[]
>;

const adviceTopics = (advisor: TopicLists) => [
  ...advisor.careerAdviceTopics,
  ...advisor.personalAdviceTopics,
  ...advisor.businessAdviceTopics,
];

/** The topics a booking chooses from, as the URL's indexes count them (ADR 72). */
const bookableTopics = (advisor: TopicLists) => [
  ...new Set([...advisor.skills, ...adviceTopics(advisor)]),
];

function TagList({
  title,
  items,
  tone,
}: {
  title: string;
  items: readonly string[];
  tone: "brand" | "neutral";
}) {
  if (items.length === 0) return null;
  return (
    <Card className="grid gap-3 p-6 sm:p-8">
      <h2 className="text-xl font-semibold">{title}</h2>
      <ul className="flex flex-wrap gap-2">
        {items.map((item) => (
          <li key={item}>
            <Badge tone={tone} className="px-3 py-1 text-sm">
              {item}
            </Badge>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function AdvisorNotFound() {
  return (
    <section className="mx-auto grid max-w-xl flex-1 content-center justify-items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">Advisor not found</h1>
      <p className="text-muted">
        This advisor profile does not exist or is not available right now.
      </p>
      <Button asChild size="lg">
        <Link to="/advisors">Browse all advisors</Link>
      </Button>
    </section>
  );
}

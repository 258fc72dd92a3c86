import { type CacheHandle, NOT_KEPT } from "../../../core/cache-contract";
import { requireViewer } from "../../../server/auth/session.server";
import { questionsOf } from "../../../server/questions/question-pages.server";
import { QuestionSummary } from "../../components/questions/question-summary";
import { Card } from "../../components/ui/card";
import type { Route } from "./+types/list";

export const meta = () => [{ title: "Questions | BeenThere" }];

export const handle: CacheHandle = { cache: NOT_KEPT };

/** The paid questions a person asked, and an advisor's received ones. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context);
  const [asked, received] = await Promise.all([
    questionsOf(context.db, { userId: viewer.userId }),
    viewer.advisorId ? questionsOf(context.db, { advisorId: viewer.advisorId }) : [],
  ]);
  return {
    asked,
    received,
    isAdvisor: viewer.advisorId !== null,
    zone: viewer.timeZone ?? "Asia/Kolkata",
  };
}

export default function Questions({ loaderData }: Route.ComponentProps) {
  const { asked, received, isAdvisor, zone } = loaderData;
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-8 px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-2xl font-bold sm:text-3xl">Questions</h1>
      {isAdvisor ? (
        <section aria-labelledby="received" className="grid gap-3">
          <h2 id="received" className="text-lg font-semibold">
            Questions you received
          </h2>
          {received.length ? (
            <ul className="grid gap-3">
              {received.map((q) => (
                <QuestionSummary key={q.id} question={q} side="advisor" zone={zone} />
              ))}
            </ul>
          ) : (
            <Card className="p-6 text-sm text-muted">
              No one has asked you a paid question yet.
            </Card>
          )}
        </section>
      ) : null}
      <section aria-labelledby="asked" className="grid gap-3">
        <h2 id="asked" className="text-lg font-semibold">
          Questions you asked
        </h2>
        {asked.length ? (
          <ul className="grid gap-3">
            {asked.map((q) => (
              <QuestionSummary key={q.id} question={q} side="seeker" zone={zone} />
            ))}
          </ul>
        ) : (
          <Card className="p-6 text-sm text-muted">
            You have not asked a paid question yet. Advisors who answer questions show the price on
            their profile.
          </Card>
        )}
      </section>
    </div>
  );
}

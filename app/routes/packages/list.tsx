import { type CacheHandle, NOT_KEPT } from "../../../core/cache-contract";
import { requireViewer } from "../../../server/auth/session.server";
import { purchasesOf } from "../../../server/packages/package-pages.server";
import { PurchaseSummary } from "../../components/packages/purchase-summary";
import { Card } from "../../components/ui/card";
import type { Route } from "./+types/list";

export const meta = () => [{ title: "Packages | BeenThere" }];

export const handle: CacheHandle = { cache: NOT_KEPT };

/** The packages a person bought, and an advisor's sold ones. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context);
  const [bought, sold] = await Promise.all([
    purchasesOf(context.db, { userId: viewer.userId }),
    viewer.advisorId ? purchasesOf(context.db, { advisorId: viewer.advisorId }) : [],
  ]);
  return {
    bought,
    sold,
    isAdvisor: viewer.advisorId !== null,
    zone: viewer.timeZone ?? "Asia/Kolkata",
  };
}

export default function Packages({ loaderData }: Route.ComponentProps) {
  const { bought, sold, isAdvisor, zone } = loaderData;
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-8 px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-2xl font-bold sm:text-3xl">Packages</h1>
      {isAdvisor ? (
        <section aria-labelledby="sold" className="grid gap-3">
          <h2 id="sold" className="text-lg font-semibold">
            Packages your clients bought
          </h2>
          {sold.length ? (
            <ul className="grid gap-3">
              {sold.map((p) => (
                <PurchaseSummary key={p.id} purchase={p} side="advisor" zone={zone} />
              ))}
            </ul>
          ) : (
            <Card className="p-6 text-sm text-muted">
              No one has bought a package of yours yet.
            </Card>
          )}
        </section>
      ) : null}
      <section aria-labelledby="bought" className="grid gap-3">
        <h2 id="bought" className="text-lg font-semibold">
          Packages you bought
        </h2>
        {bought.length ? (
          <ul className="grid gap-3">
            {bought.map((p) => (
              <PurchaseSummary key={p.id} purchase={p} side="seeker" zone={zone} />
            ))}
          </ul>
        ) : (
          <Card className="p-6 text-sm text-muted">
            You have not bought a package yet. Advisors who sell packages show them on their
            profile.
          </Card>
        )}
      </section>
    </div>
  );
}

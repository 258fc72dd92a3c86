import { requireViewer } from "../../../server/auth/session.server";
import { Card } from "../../components/ui/card";
import type { Route } from "./+types/profile";
import { type CacheHandle, NOT_KEPT } from "../../../core/cache-contract";

export function meta() {
  return [{ title: "Settings | BeenThere" }];
}

export const handle: CacheHandle = { cache: NOT_KEPT };

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context);
  return { name: `${viewer.firstName} ${viewer.lastName}`.trim(), email: viewer.email };
}

export default function Settings({ loaderData }: Route.ComponentProps) {
  return (
    <Card className="grid gap-1 p-6">
      <p className="font-semibold">{loaderData.name}</p>
      <p className="text-muted">{loaderData.email}</p>
    </Card>
  );
}

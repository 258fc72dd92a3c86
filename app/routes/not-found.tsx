import { data } from "react-router";
import { NotFound } from "../components/layout/not-found";
import type { Route } from "./+types/not-found";
import { type CacheHandle, NOT_KEPT } from "../../core/cache-contract";

export const handle: CacheHandle = { cache: NOT_KEPT };

export function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  context.logger.warn({ path: pathname }, "page not found");
  return data(null, { status: 404 });
}

export default function NotFoundRoute() {
  return <NotFound />;
}

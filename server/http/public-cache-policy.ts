import type { CacheContract, CachePolicy } from "../../core/cache-contract";
import type { MatchedRoute } from "./route-match.server";

/**
 * The cache policy of a request's route, as the route declares it in its `handle` (ADR 69),
 * or null when its answers are never shared. A page's data request (`/advisors.data`,
 * `/_root.data` for `/`) follows the page; a path no route answers is never kept.
 */
export function cachePolicyOf(route: MatchedRoute | null): CachePolicy | null {
  return route ? (declaredCache(route) ?? null) : null;
}

/** A route module's declaration: undefined when it has none (the completeness test's failure). */
export function declaredCache(route: Pick<MatchedRoute, "module">): CacheContract | undefined {
  const handle = route.module.handle as { cache?: CacheContract } | undefined;
  return handle?.cache;
}

/**
 * The key of a request under its policy, which is also the URL its answer is rendered from:
 * the path and only the parameters the route reads, each once (the first, as the loaders read
 * it), in the policy's order; a data request also keeps React Router's `_routes` (which
 * loaders run). So `?utm_source=…` or a random parameter neither renders anew nor takes a
 * place in the cache. Null when the request carries a personal parameter: it is not kept.
 */
export function cacheKeyOf(pathname: string, search: string, policy: CachePolicy): string | null {
  if (search.length <= 1) return pathname;
  const given = new URLSearchParams(search);
  if (policy.personal?.some((name) => given.has(name))) return null;
  const kept = new URLSearchParams();
  const names = pathname.endsWith(".data") ? [...policy.params, "_routes"] : policy.params;
  for (const name of names) {
    const value = given.get(name);
    if (value !== null) kept.set(name, value);
  }
  const query = kept.toString();
  return query ? `${pathname}?${query}` : pathname;
}

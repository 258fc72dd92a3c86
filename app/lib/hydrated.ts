import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False while rendering on the server and during hydration, true after: state that only the
 * browser holds (the URL's client-side parameters, session storage) is read once this is true,
 * so the hydrated page matches the server's HTML whatever that state is.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

import { COMMON_MESSAGES } from "../../core/messages/common";

export const CONNECTION_LOST = COMMON_MESSAGES.connectionLost;

/**
 * Calls a route's server action from the browser. A request that never reached the server
 * (connection lost) answers `fallback`, so the page shows a message instead of the error page;
 * a redirect still goes through.
 */
export async function offlineSafe<T, F>(serverAction: () => Promise<T>, fallback: F) {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response) throw error;
    return fallback;
  }
}

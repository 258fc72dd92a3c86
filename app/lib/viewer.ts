import { useRouteLoaderData } from "react-router";
import type { Role } from "../../core/roles";

/** What the header and pages know of the signed-in person (from the root loader). */
export type ViewerSummary = {
  firstName: string;
  lastName: string;
  email: string;
  /** Their chosen zone (settings), or null: the browser's. */
  timeZone: string | null;
  photoUrl: string | null;
  roles: Role[];
  role: Role;
  isAdvisor: boolean;
  /** Conversations with a message they have not read (the header's count). */
  unreadConversations: number;
};

export function useViewer(): ViewerSummary | null {
  const root = useRouteLoaderData("root") as { viewer: ViewerSummary | null } | undefined;
  return root?.viewer ?? null;
}

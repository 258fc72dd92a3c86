import type { Role } from "../../core/roles";

/** Who acts on a session: the services decide with this, never with what the browser says. */
export type Actor = {
  userId: string;
  /** The actor's own advisor profile, if any. */
  advisorId: string | null;
  /** Holds the admin role (whatever role they are viewing as). */
  isAdmin: boolean;
};

export function actorOf(viewer: {
  userId: string;
  advisorId: string | null;
  roles: Role[];
}): Actor {
  return {
    userId: viewer.userId,
    advisorId: viewer.advisorId,
    isAdmin: viewer.roles.includes("admin"),
  };
}

import type { Db } from "../../db/client.server";
import type { Logger } from "../../logger.server";
import type { GoogleAccess } from "./google-access.server";

/** What the advisor-calendar services work with, built once by createOwnCalendars. */
export type OwnCalendarDeps = {
  db: Db;
  access: GoogleAccess;
  /** Where Google posts change notifications; without one, busy times refresh on a timer. */
  pushUrl: string | undefined;
  logger: Pick<Logger, "info" | "warn" | "error">;
  now: () => Date;
  /** The site's address: events link to the dashboard. */
  appUrl: string;
};

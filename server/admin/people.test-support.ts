import type { AdvisorStatus } from "../../core/admin/advisor-status";
import { randomBytes } from "node:crypto";
import type { Db } from "../db/client.server";
import * as s from "../db/schema";

/* Test data for the admin services: people and advisor profiles written straight to the tables. */

export async function createUser(
  db: Db,
  overrides: Partial<typeof s.users.$inferInsert> = {},
): Promise<typeof s.users.$inferSelect> {
  const tag = randomBytes(4).toString("hex");
  const [user] = await db
    .insert(s.users)
    .values({
      firstName: "Test",
      lastName: `Person ${tag}`,
      email: `p.${tag}@example.com`,
      ...overrides,
    })
    .returning();
  return user!;
}

export async function createAdvisor(
  db: Db,
  status: AdvisorStatus,
  userOverrides: Partial<typeof s.users.$inferInsert> = {},
) {
  const user = await createUser(db, userOverrides);
  const [advisor] = await db
    .insert(s.advisors)
    .values({
      userId: user.id,
      profileStatus: status,
      jobTitle: "Engineer",
      currentCompany: "Acme",
    })
    .returning();
  return { user, advisor: advisor! };
}

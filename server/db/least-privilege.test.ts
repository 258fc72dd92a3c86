import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "./client.server";
import { createTestDatabase, sqlState, TEST_ROLES } from "./database.test-support";

/*
 * The app's database role (ADR 77), on a real server as deployed: it owns nothing, so it can
 * neither change the append-only ledger and audit log nor switch off, drop or replace the
 * triggers that guard them, nor change the schema. Needs a server: runs where
 * TEST_DATABASE_URL is set, as in CI.
 */
const SERVER = process.env.TEST_DATABASE_URL;

describe.skipIf(!SERVER)("the app's database role", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
    // One row in each append-only table, written by the owner's side of the test.
    await database.privileged.execute(sql`
      insert into audit_log (action, target_type, target_id, details)
        values ('admin.grant', 'user', gen_random_uuid()::text, '{}'::jsonb)`);
  });
  afterAll(() => database?.destroy());

  /** The SQLSTATE and message the app's connection gets, or "done". */
  const asApp = (statement: string) =>
    database.db.execute(sql.raw(statement)).then(
      () => "done",
      // Drizzle's "Failed query" wraps the server's error as its cause.
      (error: unknown) => `${sqlState(error)} ${((error as Error).cause as Error).message}`,
    );

  it("is the app's role, not a superuser, and owns no table, index or function", async () => {
    const [me] = await queryRows<{ role: string; superuser: boolean; owned: number }>(
      database.db,
      sql`select current_user as role, r.rolsuper as superuser,
            (select count(*)::int from pg_class c where c.relowner = r.oid)
            + (select count(*)::int from pg_proc p where p.proowner = r.oid) as owned
          from pg_roles r where r.rolname = current_user`,
    );
    expect(me).toEqual({ role: TEST_ROLES.app, superuser: false, owned: 0 });
    expect(await database.appRoleRisk()).toBeNull();
  });

  it.each(["ledger_entries", "audit_log"])(
    "may read and add to %s but not update, delete or truncate it: refused by its grants",
    async (table) => {
      expect(await asApp(`select count(*) from ${table}`)).toBe("done");
      for (const statement of [
        `update ${table} set created_at = now()`,
        `delete from ${table}`,
        `truncate ${table}`,
      ])
        // The grant refuses before the trigger would: "permission denied for table".
        expect(await asApp(statement), statement).toBe(
          `42501 permission denied for table ${table}`,
        );
    },
  );

  it("cannot switch off, drop or replace the triggers, nor bypass them", async () => {
    for (const statement of [
      "alter table ledger_entries disable trigger ledger_entries_no_update_or_delete",
      "alter table ledger_entries disable trigger all",
      "alter table audit_log disable trigger user",
      "drop trigger ledger_entries_no_truncate on ledger_entries",
      "drop function ledger_entries_append_only() cascade",
      `create or replace function ledger_entries_append_only() returns trigger
         language plpgsql as $$ begin return new; end $$`,
      "set session_replication_role = replica",
      `set role ${TEST_ROLES.owner}`,
    ])
      expect(await asApp(statement), statement).toMatch(/^42501 /);
  });

  it("cannot change the schema", async () => {
    for (const statement of [
      "create table shadow_ledger (id int)",
      "alter table users add column note text",
      "drop table ledger_entries",
      "create index on bookings (created_at)",
      "alter table ledger_entries drop constraint ledger_entries_sign_check",
    ])
      expect(await asApp(statement), statement).toMatch(/^42501 /);
  });

  it("keeps the ledger and the audit log whole after all of it", async () => {
    const [audit] = await queryRows<{ n: number }>(
      database.privileged,
      sql`select count(*)::int as n from audit_log`,
    );
    expect(audit!.n).toBe(1);
    const [triggers] = await queryRows<{ n: number }>(
      database.privileged,
      sql`select count(*)::int as n from pg_trigger
          where tgenabled = 'O' and tgname in ('ledger_entries_no_update_or_delete',
            'ledger_entries_no_truncate', 'audit_log_no_update_or_delete', 'audit_log_no_truncate')`,
    );
    expect(triggers!.n).toBe(4);
  });
});

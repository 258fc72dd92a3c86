import pg from "pg";

/*
 * Least privilege on PostgreSQL (ADR 77): one role owns the tables and runs the migrations,
 * the app connects as another that owns nothing and may only read and write rows. The owner
 * can disable a trigger or truncate a table; the app's role cannot, so the append-only
 * ledger and audit log stay so whatever the app is made to send.
 */

/** Rows the app may read and add but never change or remove (their triggers refuse it too). */
export const APPEND_ONLY_TABLES = ["ledger_entries", "audit_log", "consent_events"] as const;

/**
 * Gives `role` exactly what the app needs, after every migration, so a table a migration adds
 * is covered without a grant of its own. Run by the owner, in one transaction; idempotent.
 */
export async function grantAppRole(owner: pg.ClientBase, role: string): Promise<void> {
  const app = pg.escapeIdentifier(role);
  await owner.query(`
    begin;
    revoke all on all tables in schema public from ${app};
    revoke all on all sequences in schema public from ${app};
    grant usage on schema public, drizzle to ${app};
    grant select, insert, update, delete on all tables in schema public to ${app};
    revoke update, delete on ${APPEND_ONLY_TABLES.join(", ")} from ${app};
    grant usage, select on all sequences in schema public to ${app};
    grant select on drizzle.__drizzle_migrations to ${app};
    commit;
  `);
}

/** The role a connection acts as. */
export async function currentRole(client: pg.ClientBase | pg.Pool): Promise<string> {
  const { rows } = await client.query<{ role: string }>("select current_user as role");
  return rows[0]!.role;
}

/**
 * Why the app's role could rewrite history, or null: it is a superuser, or owns the tables
 * (one role for the app and the migrations). Logged at start-up as a warning.
 */
export async function appRoleRisk(pool: pg.Pool): Promise<string | null> {
  const { rows } = await pool.query<{ superuser: boolean; owned: number }>(`
    select r.rolsuper as superuser,
      (select count(*)::int from pg_class c
        where c.relowner = r.oid and c.relnamespace = 'public'::regnamespace) as owned
    from pg_roles r where r.rolname = current_user`);
  const { superuser, owned } = rows[0]!;
  if (superuser) return "is a superuser";
  if (owned > 0) return `owns ${owned} tables and indexes`;
  return null;
}

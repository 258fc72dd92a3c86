import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "../tests/support/app-process";

/**
 * A throw-away PostgreSQL server, started the way .ci/run starts one: initdb into a temporary
 * directory (as the postgres user when run as root), pg_ctl start on a free loopback port.
 */
export type PostgresServer = {
  /** Server URL without a database name. */
  url: string;
  version: string;
  query: (statement: string) => Promise<void>;
  /** URL of database `name` on this server. */
  database: (name: string) => string;
  stop: () => void;
};

function postgresBin(): string {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(path.join(root, v, "bin/pg_ctl")))
        .sort((a, b) => Number(a) - Number(b))
    : [];
  if (versions.length === 0)
    throw new Error(
      "The benchmark needs PostgreSQL's server binaries in /usr/lib/postgresql/<version>/bin: `apt-get install -y postgresql`.",
    );
  return path.join(root, versions.at(-1)!, "bin");
}

export async function startPostgres(): Promise<PostgresServer> {
  const bin = postgresBin();
  const dir = mkdtempSync(path.join(tmpdir(), "bench-pg-"));
  const asRoot = userInfo().uid === 0;
  const run = (command: string) =>
    asRoot
      ? execFileSync("su", ["postgres", "-c", command], { stdio: "pipe" })
      : execFileSync("sh", ["-c", command], { stdio: "pipe" });
  if (asRoot) {
    const { uid, gid } = { uid: Number(execFileSync("id", ["-u", "postgres"]).toString()), gid: 0 };
    chownSync(dir, uid, gid);
  }
  const port = await freePort();
  run(`${bin}/initdb -D ${dir}/data -U postgres --auth=trust`);
  run(
    `${bin}/pg_ctl -D ${dir}/data -l ${dir}/log -w start -o '-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200'`,
  );
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      run(`${bin}/pg_ctl -D ${dir}/data -m fast stop`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  // Also on Ctrl-C or a crash of the bench: never leave a server behind.
  process.once("exit", stop);
  const url = `postgres://postgres@127.0.0.1:${port}`;
  const query = async (statement: string) => {
    const client = new pg.Client({ connectionString: `${url}/postgres` });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const version = path.basename(path.dirname(bin));
  return { url, version, query, database: (name) => `${url}/${name}`, stop };
}

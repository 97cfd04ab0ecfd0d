import pg from "pg";

/**
 * When the run targets PostgreSQL (DATABASE_URL set, as `.ci/run` does), each server gets a database of
 * its own, named after its data folder so that a restart on the same folder finds its data again.
 */
export async function serverDatabase(dataDir: string): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const base = process.env.DATABASE_URL;
  if (!base) return null;
  const name = dataDir
    .split("/")
    .pop()!
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "_");
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const exists = async () => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      return (await client.query("select 1 from pg_database where datname = $1", [name])).rowCount === 1;
    } finally {
      await client.end();
    }
  };
  if (!(await exists())) await admin(`create database "${name}"`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists "${name}" with (force)`) };
}

// Throwaway databases on a PostgreSQL server (tests and the benchmark): create an empty one, drop it after.
import pg from 'pg';

/** Creates an empty database on the server named by serverUrl and answers its url. */
export async function createThrowawayDatabase(serverUrl: string, prefix: string): Promise<string> {
  const name = `${prefix}_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function dropThrowawayDatabase(serverUrl: string, dbUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${new URL(dbUrl).pathname.slice(1)}`);
  await admin.end();
}

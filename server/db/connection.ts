import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

/** One type for both drivers: every module queries through this, the same way on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction of `Db`, as `db.transaction` hands it to its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The rows of a raw `db.execute(sql...)` answer, whichever driver gave it. */
export const rowsOf = <Row = Record<string, unknown>>(result: unknown): Row[] =>
  (result as { rows?: Row[] }).rows ?? (result as Row[]);

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the committed SQL migrations (idempotent). */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the data folder as a tarball (what `pgliteLoadDataDir` takes). */
  dump?: () => Promise<Blob | File>;
}

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Whether the database already holds every committed migration: its newest applied one is the journal's
 * newest, the comparison drizzle's migrate makes. One read instead of migrate's schema and table creation,
 * its transaction and reading every migration file, on each start of an installation that is up to date.
 */
async function migrated(db: Db): Promise<boolean> {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  const newest = Math.max(...journal.entries.map((entry) => entry.when));
  try {
    const result = (await db.execute(
      sql`select max(created_at) as created_at from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { created_at: unknown }[] };
    return Number(result.rows[0]?.created_at) >= newest;
  } catch {
    return false; // no migrations table yet: a new database
  }
}

export interface OpenDatabaseOptions {
  /** node-postgres connection string; without it PGlite is used. */
  databaseUrl?: string | null;
  /** PGlite data folder; omitted (or 'memory://') for an in-memory database. */
  pgliteDir?: string | null;
  /** PGlite only: start from this dump (`dumpDataDir()`), e.g. an already migrated and seeded template. */
  pgliteLoadDataDir?: Blob | File | null;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const [{ default: pg }, { drizzle }, { migrate }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client losing its connection (server restart, terminated backend) must not crash the process;
    // the pool drops it and the next query opens a new one.
    pool.on('error', (error) => console.error('database: idle connection lost:', error.message));
    const db = drizzle({ client: pool, schema });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      migrate: async () => {
        if (!(await migrated(db as unknown as Db))) await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
      },
      close: () => pool.end(),
    };
  }
  const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const dir = options.pgliteDir && options.pgliteDir !== 'memory://' ? options.pgliteDir : undefined;
  if (dir) mkdirSync(dir, { recursive: true });
  const loadDataDir = options.pgliteLoadDataDir ?? undefined;
  const client = dir ? await PGlite.create(dir, { loadDataDir }) : await PGlite.create({ loadDataDir });
  const db = drizzle({ client, schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: async () => {
      if (!(await migrated(db as unknown as Db))) await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    },
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
  };
}

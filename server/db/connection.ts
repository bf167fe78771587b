import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

/** One type for both drivers: every module queries through this, the same way on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

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
      migrate: () => migrate(db, { migrationsFolder: MIGRATIONS_FOLDER }),
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
    migrate: () => migrate(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
  };
}

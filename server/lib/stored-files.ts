import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Tx } from '../db/connection';
import { files } from '../db/schema';
import { notFound } from './api-error';
import { fileStorageOf, newStorageKey } from './file-storage';
import type { UploadedFile } from './uploads';

export type FileRow = typeof files.$inferSelect;

export const serializeFile = (file: Pick<FileRow, 'name' | 'size' | 'contentType'> | null) =>
  file ? { name: file.name, size: file.size, content_type: file.contentType } : null;

type NewFile = Omit<typeof files.$inferInsert, 'id'>;

/** Puts the bytes under a new key and runs `work` with it; the bytes are removed when `work` fails. */
async function withStoredBytes<T>(
  app: FastifyInstance,
  organizationId: number | null,
  data: Buffer,
  work: (key: string) => Promise<T>,
): Promise<T> {
  const storage = fileStorageOf(app);
  const key = newStorageKey(organizationId);
  await storage.put(key, data);
  try {
    return await work(key);
  } catch (error) {
    await storage.remove(key).catch(() => undefined);
    throw error;
  }
}

async function insertFile(tx: Tx, values: NewFile): Promise<FileRow> {
  const [file] = await tx.insert(files).values(values).returning();
  return file;
}

/**
 * Stores the bytes and runs `work`, which saves the file row with `save(tx)` in its own transaction; the
 * bytes are removed when `work` fails (no orphan file; the row commits with what points at it).
 */
export function withStoredFile<T>(
  app: FastifyInstance,
  upload: Pick<UploadedFile, 'name' | 'data' | 'contentType'>,
  owner: { organizationId: number | null; createdById: number | null },
  work: (save: (tx: Tx) => Promise<FileRow>) => Promise<T>,
): Promise<T> {
  return withStoredBytes(app, owner.organizationId, upload.data, (key) =>
    work((tx) =>
      insertFile(tx, {
        organizationId: owner.organizationId,
        storageKey: key,
        name: upload.name,
        size: upload.data.length,
        contentType: upload.contentType,
        createdById: owner.createdById,
        createdAt: app.now(),
      }),
    ),
  );
}

/**
 * Stores the bytes, then runs `link` in one transaction with the file row: the row and what points at it
 * commit together, and the bytes are removed when anything fails (no orphan row, no orphan file).
 */
export function storeUpload<T>(
  app: FastifyInstance,
  upload: UploadedFile,
  owner: { organizationId: number; createdById: number | null },
  link: (tx: Tx, file: FileRow) => Promise<T>,
): Promise<T> {
  return withStoredFile(app, upload, owner, (save) => app.db.transaction(async (tx) => link(tx, await save(tx))));
}

/** The file row of `id` when it belongs to the organization (null: the master's own files), or 404. */
export async function requireFile(
  app: FastifyInstance,
  id: number | null,
  organizationId: number | null,
  missing: string,
): Promise<FileRow> {
  if (id === null) throw notFound(missing);
  const [file] = await app.db
    .select()
    .from(files)
    .where(
      and(
        eq(files.id, id),
        organizationId === null ? isNull(files.organizationId) : eq(files.organizationId, organizationId),
      ),
    )
    .limit(1);
  if (!file) throw notFound(missing);
  return file;
}

/** Sends a stored file as a download: its sniffed type, attachment, nosniff, never cached by a proxy. */
export async function sendStoredFile(app: FastifyInstance, reply: FastifyReply, file: FileRow): Promise<FastifyReply> {
  const data = await fileStorageOf(app).get(file.storageKey);
  if (!data) throw notFound('The file is no longer available.');
  const ascii = file.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .header('content-length', String(data.length))
    .send(data);
}

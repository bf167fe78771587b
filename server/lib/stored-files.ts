import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../db/connection';
import { files } from '../db/schema';
import { notFound } from './api-error';
import { fileStorageOf, newStorageKey } from './file-storage';
import type { UploadedFile } from './uploads';

export type FileRow = typeof files.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const serializeFile = (file: Pick<FileRow, 'name' | 'size' | 'contentType'> | null) =>
  file ? { name: file.name, size: file.size, content_type: file.contentType } : null;

/**
 * Stores the bytes, then runs `link` in one transaction with the file row: the row and what points at it
 * commit together, and the bytes are removed when anything fails (no orphan row, no orphan file).
 */
export async function storeUpload<T>(
  app: FastifyInstance,
  upload: UploadedFile,
  owner: { organizationId: number; createdById: number | null },
  link: (tx: Tx, file: FileRow) => Promise<T>,
): Promise<T> {
  const storage = fileStorageOf(app);
  const key = newStorageKey(owner.organizationId);
  await storage.put(key, upload.data);
  try {
    return await app.db.transaction(async (tx) => {
      const [file] = await tx
        .insert(files)
        .values({
          organizationId: owner.organizationId,
          storageKey: key,
          name: upload.name,
          size: upload.data.length,
          contentType: upload.contentType,
          createdById: owner.createdById,
          createdAt: app.now(),
        })
        .returning();
      return link(tx, file);
    });
  } catch (error) {
    await storage.remove(key).catch(() => undefined);
    throw error;
  }
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

import { and, asc, eq, gt, isNotNull } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { applications, formRequests, testRequests, users } from '../db/schema';
import { invalid } from './api-error';
import { hasValidStructure } from './file-structure';
import { sniffFileKind } from './file-type';
import type { Tx } from '../db/connection';
import { withStoredFile, type FileRow } from './stored-files';

/**
 * Drawn signatures are PNG files in `files` (like every upload), never data URLs in a row: a list that
 * carried them inline weighed ~0.5 MB a row. Answers link to them; the bytes come from their own operation.
 */

const PNG_PREFIX = 'data:image/png;base64,';
/** A drawn signature: a PNG data URL of at most this many characters (~375 KB of image). */
export const MAX_SIGNATURE_LENGTH = 500_000;
export const SIGNATURE_FILE_NAME = 'signature.png';

/** The PNG bytes of a drawn signature (a PNG data URL whose bytes decode as an image), or why it is refused. */
export async function decodeSignature(
  value: string | null | undefined,
): Promise<{ png: Buffer } | { problem: string }> {
  if (!value || !value.trim()) return { problem: 'Sign before submitting.' };
  const text = value.trim();
  if (text.length > MAX_SIGNATURE_LENGTH) return { problem: 'The signature image is too large.' };
  const base64 = text.slice(PNG_PREFIX.length);
  if (!text.startsWith(PNG_PREFIX) || !/^[A-Za-z0-9+/]+={0,2}$/.test(base64))
    return { problem: 'Upload a valid PNG image.' };
  const png = Buffer.from(base64, 'base64');
  if (sniffFileKind(png) !== 'png' || !(await hasValidStructure('png', png)))
    return { problem: 'Upload a valid PNG image.' };
  return { png };
}

/** The PNG bytes of a drawn signature, or a 400 that names `field`. */
export async function requireSignature(value: string | null | undefined, field = 'signature'): Promise<Buffer> {
  const decoded = await decodeSignature(value);
  if ('problem' in decoded) throw invalid({ [field]: [decoded.problem] }, decoded.problem);
  return decoded.png;
}

/** Stores a signature as a PNG file; `work` saves its row with `save(tx)` (see withStoredFile). */
export function withSignatureFile<T>(
  app: FastifyInstance,
  png: Buffer,
  owner: { organizationId: number | null; createdById: number | null },
  work: (save: (tx: Tx) => Promise<FileRow>) => Promise<T>,
): Promise<T> {
  return withStoredFile(app, { name: SIGNATURE_FILE_NAME, data: png, contentType: 'image/png' }, owner, work);
}

interface LegacyColumn {
  table: PgTable;
  id: PgColumn;
  organizationId: PgColumn;
  /** Who drew it (null: a public applicant). */
  signer: PgColumn | null;
  legacy: PgColumn;
  legacyKey: string;
  fileKey: string;
}

/** Every column that held data URLs before migration 0010, and the file column that replaces it. */
const LEGACY_COLUMNS: LegacyColumn[] = [
  {
    table: users,
    id: users.id,
    organizationId: users.organizationId,
    signer: users.id,
    legacy: users.legacySignature,
    legacyKey: 'legacySignature',
    fileKey: 'signatureFileId',
  },
  {
    table: applications,
    id: applications.id,
    organizationId: applications.organizationId,
    signer: null,
    legacy: applications.legacyAttestationSignature,
    legacyKey: 'legacyAttestationSignature',
    fileKey: 'attestationSignatureFileId',
  },
  {
    table: formRequests,
    id: formRequests.id,
    organizationId: formRequests.organizationId,
    signer: formRequests.employeeId,
    legacy: formRequests.legacySignature,
    legacyKey: 'legacySignature',
    fileKey: 'signatureFileId',
  },
  {
    table: formRequests,
    id: formRequests.id,
    organizationId: formRequests.organizationId,
    signer: formRequests.countersignedById,
    legacy: formRequests.legacyCountersignature,
    legacyKey: 'legacyCountersignature',
    fileKey: 'countersignatureFileId',
  },
  {
    table: testRequests,
    id: testRequests.id,
    organizationId: testRequests.organizationId,
    signer: testRequests.observerId,
    legacy: testRequests.legacyObserverSignature,
    legacyKey: 'legacyObserverSignature',
    fileKey: 'observerSignatureFileId',
  },
];

class AlreadyMoved extends Error {}

/**
 * Moves the signatures kept as data URLs before migration 0010 into files, a row at a time: the file row
 * and the row's link commit together, and only while the row still holds its data URL, so several
 * processes starting at once move each signature once (the loser's bytes are removed). A value that is
 * no PNG stays where it is, with a warning. Returns how many were moved.
 */
export async function moveLegacySignatures(app: FastifyInstance): Promise<number> {
  let moved = 0;
  for (const column of LEGACY_COLUMNS) {
    let after = 0;
    for (;;) {
      const rows = (await app.db
        .select({
          id: column.id,
          value: column.legacy,
          organizationId: column.organizationId,
          ...(column.signer ? { signer: column.signer } : {}),
        })
        .from(column.table)
        .where(and(isNotNull(column.legacy), gt(column.id, after)))
        .orderBy(asc(column.id))
        .limit(100)) as { id: number; value: string; organizationId: number | null; signer?: number | null }[];
      if (!rows.length) break;
      for (const row of rows) {
        after = row.id;
        const decoded = await decodeSignature(row.value);
        if ('problem' in decoded) {
          app.log.warn(
            { column: column.legacy.name, id: row.id, problem: decoded.problem },
            'a stored signature is no PNG: left in place',
          );
          continue;
        }
        try {
          await withSignatureFile(
            app,
            decoded.png,
            { organizationId: row.organizationId, createdById: row.signer ?? null },
            (save) =>
              app.db.transaction(async (tx) => {
                const file = await save(tx);
                const updated = await tx
                  .update(column.table)
                  .set({ [column.fileKey]: file.id, [column.legacyKey]: null } as never)
                  .where(and(eq(column.id, row.id), isNotNull(column.legacy)))
                  .returning({ id: column.id });
                if (!updated.length) throw new AlreadyMoved();
              }),
          );
          moved += 1;
        } catch (error) {
          if (!(error instanceof AlreadyMoved)) throw error;
        }
      }
    }
  }
  return moved;
}

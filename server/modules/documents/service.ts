import { and, asc, eq } from 'drizzle-orm';
import type { Static } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { OFFICE, type Actor } from '../../lib/actor';
import type { Db, Tx } from '../../db/connection';
import { documentTypes, employeeDocuments, files } from '../../db/schema';
import { organizationToday } from '../../lib/dates';
import { invalid, notFound } from '../../lib/api-error';
import { addDays, isIsoDate } from '#domain/dates';
import { requireOrganization } from '../../lib/request-organization';
import { serializeFile, storeUpload, type FileRow } from '../../lib/stored-files';
import type { ReadForm } from '../../lib/uploads';
import { personName } from '../../lib/names';
import { notify, notifyAdmins } from '../notifications/service';
import type { employeeDocumentCreateSchema, employeeDocumentReviewSchema } from '../employees/schemas';
import type { DocumentOut } from './schemas';

type DocumentRow = typeof employeeDocuments.$inferSelect;
/** The office's request for a document, and its review (the routes are the employee's: employees/routes.ts). */
export type SlotRequest = Static<typeof employeeDocumentCreateSchema.body>;
export type DocumentReview = Static<typeof employeeDocumentReviewSchema.body>;
type FileMeta = { name: string; size: number; contentType: string } | null;

export const DOCUMENT_KINDS = ['pdf', 'png', 'jpeg'] as const;

/** A document expiring within this many days is flagged "expires soon" (and its owner warned at 30 and 7). */
export const EXPIRING_SOON_DAYS = 30;

export function serializeDocument(row: DocumentRow, file: FileMeta, today: string): DocumentOut {
  const expired = row.expiresOn !== null && row.expiresOn < today;
  return {
    id: row.id,
    name: row.name,
    required: row.required,
    requires_expiry: row.requiresExpiry,
    status: row.status as DocumentOut['status'],
    file: serializeFile(file),
    expires_on: row.expiresOn,
    expired,
    expiring_soon: !expired && row.expiresOn !== null && row.expiresOn <= addDays(today, EXPIRING_SOON_DAYS),
    review_note: row.reviewNote,
    uploaded_at: row.uploadedAt ? row.uploadedAt.toISOString() : null,
    reviewed_at: row.reviewedAt ? row.reviewedAt.toISOString() : null,
  };
}

/** An employee's documents, oldest slot first (always filtered by organization and employee). */
export async function listEmployeeDocuments(
  db: Db,
  organizationId: number,
  employeeId: number,
  today: string,
): Promise<DocumentOut[]> {
  const rows = await db
    .select({
      document: employeeDocuments,
      file: { name: files.name, size: files.size, contentType: files.contentType },
    })
    .from(employeeDocuments)
    .leftJoin(files, eq(files.id, employeeDocuments.fileId))
    .where(and(eq(employeeDocuments.organizationId, organizationId), eq(employeeDocuments.employeeId, employeeId)))
    .orderBy(asc(employeeDocuments.id));
  return rows.map((r) => serializeDocument(r.document, r.file, today));
}

/** What is handed to a new hire, and for which position: by whom (null: nobody signed in) and when. */
export interface HireAssignment {
  organizationId: number;
  employeeId: number;
  position: string;
  requestedById: number | null;
  now: Date;
}

/** The slots of the organization's active required document types that apply to a position. */
export async function assignRequiredDocuments(
  tx: Tx,
  { organizationId, employeeId, position, requestedById, now }: HireAssignment,
): Promise<number> {
  const types = await tx
    .select()
    .from(documentTypes)
    .where(
      and(
        eq(documentTypes.organizationId, organizationId),
        eq(documentTypes.active, true),
        eq(documentTypes.required, true),
      ),
    )
    .orderBy(asc(documentTypes.id));
  const applying = types.filter((t) => t.positions.length === 0 || t.positions.includes(position));
  if (!applying.length) return 0;
  await tx.insert(employeeDocuments).values(
    applying.map((t) => ({
      organizationId,
      employeeId,
      documentTypeId: t.id,
      name: t.name,
      required: t.required,
      requiresExpiry: t.requiresExpiry,
      requestedById,
      createdAt: now,
    })),
  );
  return applying.length;
}

const adminLink = (employeeId: number) => `/employees/${employeeId}/documents`;
const OWN_LINK = '/profile/documents';

export function createDocumentService(app: FastifyInstance) {
  const todayOf = (actor: Actor) => organizationToday(app, requireOrganization(actor));

  async function loadDocument(organizationId: number, id: number) {
    const [row] = await app.db
      .select({ document: employeeDocuments, file: files })
      .from(employeeDocuments)
      .leftJoin(files, eq(files.id, employeeDocuments.fileId))
      .where(and(eq(employeeDocuments.id, id), eq(employeeDocuments.organizationId, organizationId)))
      .limit(1);
    return row ?? null;
  }

  /** Stores the uploaded file of a slot (multipart `file`, `expires_on`): PENDING, to be reviewed. */
  async function storeDocumentFile(
    actor: Actor,
    document: DocumentRow,
    by: 'employee' | 'office',
    readForm: ReadForm,
  ): Promise<DocumentOut> {
    const organization = requireOrganization(actor);
    const me = actor.user;
    const id = document.id;
    if (document.status === 'APPROVED' && !document.requiresExpiry) {
      throw invalid({ file: ['This document is already approved.'] }, 'This document is already approved.');
    }
    const form = await readForm({ fileField: 'file', kinds: DOCUMENT_KINDS, fileRequired: true });
    const today = todayOf(actor);
    const expiresOn = (form.fields.expires_on ?? '').trim() || null;
    // a multipart field (blank: none), so checked here as the API's own dates are (format date)
    if (expiresOn !== null && !isIsoDate(expiresOn)) throw invalid({ expires_on: ['Enter a real date.'] });
    if (document.requiresExpiry && expiresOn === null)
      throw invalid({ expires_on: ['This document needs its expiry date.'] });
    if (expiresOn !== null && expiresOn < today) throw invalid({ expires_on: ['This document has already expired.'] });
    const now = app.now();
    const previousFileId = document.fileId;
    const updated = await storeUpload(
      app,
      form.file!,
      { organizationId: organization.id, createdById: me.id },
      async (tx, file) => {
        const [row] = await tx
          .update(employeeDocuments)
          .set({
            fileId: file.id,
            status: 'PENDING',
            expiresOn: document.requiresExpiry || expiresOn ? expiresOn : null,
            uploadedAt: now,
            reviewNote: null,
            reviewedAt: null,
            reviewedById: null,
            warned30At: null,
            warned7At: null,
            expiredWarnedAt: null,
          })
          .where(and(eq(employeeDocuments.id, id), eq(employeeDocuments.organizationId, organization.id)))
          .returning();
        return { row, file };
      },
    );
    await actor.audit({
      entity: 'employee_document',
      entityId: id,
      changed: {
        event: by === 'office' ? 'office-upload' : 'upload',
        employee_id: document.employeeId,
        uploaded_by: { id: me.id, role: me.role },
        file: { name: updated.file.name, size: updated.file.size, content_type: updated.file.contentType },
        expires_on: expiresOn,
        replaced_file_id: previousFileId,
      },
    });
    if (by === 'office') {
      await notify(
        app.db,
        {
          userId: document.employeeId,
          organizationId: organization.id,
          type: 'document_uploaded',
          title: `The office uploaded ${document.name} for you`,
          body: 'It was received on paper.',
          link: OWN_LINK,
        },
        now,
        app,
      );
    } else {
      const who = personName(me);
      await notifyAdmins(
        app,
        organization.id,
        {
          type: 'document_uploaded',
          title: `${who} uploaded ${document.name}`,
          body: 'It is waiting for your review.',
          link: adminLink(me.id),
        },
        now,
      );
    }
    return serializeDocument(updated.row, updated.file, today);
  }

  return {
    async ownList(actor: Actor): Promise<DocumentOut[]> {
      const organization = requireOrganization(actor);
      const me = actor.user.id;
      // one's own record is audited too (every read, every role)
      await actor.audit({
        entity: 'employee_document',
        action: 'READ',
        employeeId: me,
        changed: { event: 'read-list', employee_id: me },
      });
      return listEmployeeDocuments(app.db, organization.id, me, todayOf(actor));
    },

    /** The employee uploads the file of one of their own slots: PENDING until an admin reviews it. */
    async upload(actor: Actor, id: number, readForm: ReadForm): Promise<DocumentOut> {
      const organization = requireOrganization(actor);
      const found = await loadDocument(organization.id, id);
      // another employee's slot is as invisible as a missing one
      if (!found || found.document.employeeId !== actor.user.id) throw notFound();
      return storeDocumentFile(actor, found.document, 'employee', readForm);
    },

    /**
     * The office uploads a document it received on paper for one of its employees: the same checks and expiry
     * date as the employee's own upload; it waits for review like any upload, and the employee is told.
     */
    async officeUpload(actor: Actor, employeeId: number, id: number, readForm: ReadForm): Promise<DocumentOut> {
      const organization = requireOrganization(actor);
      const found = await loadDocument(organization.id, id);
      if (!found || found.document.employeeId !== employeeId) throw notFound();
      return storeDocumentFile(actor, found.document, 'office', readForm);
    },

    /** The file of a document, for the route to send: its owner's, or any of the organization's for the office. */
    async file(actor: Actor, id: number): Promise<FileRow> {
      const organization = requireOrganization(actor);
      const found = await loadDocument(organization.id, id);
      // an employee learns nothing about other people's documents: as invisible as a missing one
      if (!found || (found.document.employeeId !== actor.user.id && !actor.can(OFFICE))) throw notFound();
      if (!found.file) throw notFound('This document has no file yet.');
      await actor.audit({
        entity: 'employee_document',
        entityId: id,
        changed: { event: 'file-read', employee_id: found.document.employeeId },
      });
      return found.file;
    },

    // ---- admin side (employees routes) ----

    async adminList(actor: Actor, employeeId: number): Promise<DocumentOut[]> {
      const organization = requireOrganization(actor);
      return listEmployeeDocuments(app.db, organization.id, employeeId, todayOf(actor));
    },

    async requestSlot(actor: Actor, employee: { id: number }, input: SlotRequest): Promise<DocumentOut> {
      const organization = requireOrganization(actor);
      let values: { name: string; required: boolean; requiresExpiry: boolean; documentTypeId: number | null };
      if (input.document_type_id !== undefined) {
        const [type] = await app.db
          .select()
          .from(documentTypes)
          .where(and(eq(documentTypes.id, input.document_type_id), eq(documentTypes.organizationId, organization.id)))
          .limit(1);
        if (!type) throw invalid({ document_type_id: ['Unknown document type.'] });
        values = {
          name: type.name,
          required: input.required ?? type.required,
          requiresExpiry: type.requiresExpiry,
          documentTypeId: type.id,
        };
      } else {
        const name = (input.name ?? '').trim();
        if (!name)
          throw invalid(
            { name: ['Name the document, or choose a document type.'] },
            'Name the document, or choose a document type.',
          );
        values = {
          name,
          required: input.required ?? true,
          requiresExpiry: input.requires_expiry ?? false,
          documentTypeId: null,
        };
      }
      const now = app.now();
      const [row] = await app.db
        .insert(employeeDocuments)
        .values({
          organizationId: organization.id,
          employeeId: employee.id,
          ...values,
          requestedById: actor.user.id,
          createdAt: now,
        })
        .returning();
      await actor.audit({
        entity: 'employee_document',
        entityId: row.id,
        changed: {
          event: 'request',
          employee_id: employee.id,
          name: row.name,
          required: row.required,
          requires_expiry: row.requiresExpiry,
        },
      });
      await notify(
        app.db,
        {
          userId: employee.id,
          organizationId: organization.id,
          type: 'document_requested',
          title: `Please upload ${row.name}`,
          body: `${organization.name} asks you for this document.`,
          link: OWN_LINK,
        },
        now,
        app,
      );
      return serializeDocument(row, null, todayOf(actor));
    },

    async review(actor: Actor, employeeId: number, id: number, input: DocumentReview): Promise<DocumentOut> {
      const organization = requireOrganization(actor);
      const found = await loadDocument(organization.id, id);
      if (!found || found.document.employeeId !== employeeId) throw notFound();
      const doc = found.document;
      const today = todayOf(actor);
      const expiresOn = input.expires_on !== undefined ? input.expires_on : doc.expiresOn;
      const note = input.review_note === undefined ? undefined : (input.review_note ?? '').trim() || null;
      if (input.status) {
        if (!found.file)
          throw invalid(
            { status: ['Nothing was uploaded for this document yet.'] },
            'Nothing was uploaded for this document yet.',
          );
        if (input.status === 'APPROVED' && doc.requiresExpiry && !expiresOn)
          throw invalid({ expires_on: ['This document needs its expiry date.'] });
        if (input.status === 'REJECTED' && !note)
          throw invalid({ review_note: ['Say why the document is rejected.'] }, 'Say why the document is rejected.');
      }
      const changes: Partial<typeof employeeDocuments.$inferInsert> = {};
      const changed: Record<string, unknown> = {};
      if (input.status && input.status !== doc.status) {
        changes.status = input.status;
        changed.status = { from: doc.status, to: input.status };
      }
      if (input.status) {
        changes.reviewedAt = app.now();
        changes.reviewedById = actor.user.id;
      }
      if (note !== undefined && note !== doc.reviewNote) {
        changes.reviewNote = note;
        changed.review_note = { from: doc.reviewNote, to: note };
      }
      if (expiresOn !== doc.expiresOn) {
        changes.expiresOn = expiresOn;
        changes.warned30At = null;
        changes.warned7At = null;
        changes.expiredWarnedAt = null;
        changed.expires_on = { from: doc.expiresOn, to: expiresOn };
      }
      if (!Object.keys(changes).length) return serializeDocument(doc, found.file, today);
      const [row] = await app.db
        .update(employeeDocuments)
        .set(changes)
        .where(and(eq(employeeDocuments.id, id), eq(employeeDocuments.organizationId, organization.id)))
        .returning();
      await actor.audit({
        entity: 'employee_document',
        entityId: id,
        changed: { event: 'review', employee_id: employeeId, ...changed },
      });
      if (input.status) {
        const approved = input.status === 'APPROVED';
        await notify(
          app.db,
          {
            userId: employeeId,
            organizationId: organization.id,
            type: 'document_reviewed',
            title: approved ? `${row.name} was approved` : `${row.name} was rejected`,
            body: approved ? '' : `Reason: ${row.reviewNote}. Please upload it again.`,
            link: OWN_LINK,
          },
          app.now(),
          app,
        );
      }
      return serializeDocument(row, found.file, today);
    },
  };
}

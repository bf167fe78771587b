import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Static } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Actor } from '../../lib/actor';
import { POSITIONS, type Position } from '#domain/labels';
import { applications, files, users, type ApplicationAvailability } from '../../db/schema';
import { ApiError, invalid, notFound } from '../../lib/api-error';
import { isIsoDate } from '#domain/dates';
import { decodeSignature, withSignatureFile } from '../../lib/signature-files';
import type { Listed, Page } from '../../lib/paging';
import { requireOrganization } from '../../lib/request-organization';
import { requireFile, serializeFile, storeUpload, type FileRow } from '../../lib/stored-files';
import type { ReadForm } from '../../lib/uploads';
import { createEmployee, mailEmployeeInvitation, notifyOnboardingAssigned } from '../employees/hiring';
import { EMAIL_TAKEN, isUniqueViolation } from '../../lib/user-record';
import { personName } from '../../lib/names';
import { createEmployeeService } from '../employees/service';
import type { EmployeeOut } from '../employees/schemas';
import { notify, organizationAdminIds } from '../notifications/service';
import { consume } from '../../plugins/rate-limit';
import type { AuditEntry } from '../../plugins/audit';
import type { RequestOrganization } from '../../types';
import {
  SHIFTS,
  WEEK_DAYS,
  type applicationListSchema,
  type ApplicationOrdering,
  type ApplicationOut,
} from './schemas';

export const RESUME_KINDS = ['pdf', 'doc', 'docx'] as const;

export type ApplicationListFilter = Omit<Static<typeof applicationListSchema.querystring>, 'limit' | 'offset'>;

const ORDERINGS: Record<ApplicationOrdering, SQL[]> = {
  created_at: [asc(applications.createdAt), asc(applications.id)],
  '-created_at': [desc(applications.createdAt), desc(applications.id)],
  last_name: [asc(applications.lastName), asc(applications.firstName), asc(applications.id)],
  '-last_name': [desc(applications.lastName), desc(applications.firstName), desc(applications.id)],
};

/** At most one "new applications" mail per admin in this long. */
const APPLICATION_MAIL_SECONDS = 15 * 60;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type Row = {
  application: typeof applications.$inferSelect;
  resume: { name: string; size: number; contentType: string } | null;
  reviewer: { firstName: string; lastName: string; email: string } | null;
};

function serialize(row: Row): ApplicationOut {
  const a = row.application;
  return {
    id: a.id,
    status: a.status as ApplicationOut['status'],
    position: a.position,
    first_name: a.firstName,
    last_name: a.lastName,
    email: a.email,
    phone: a.phone,
    address: a.address,
    availability: a.availability as ApplicationOut['availability'],
    experience: a.experience,
    years_experience: a.yearsExperience,
    resume: serializeFile(row.resume),
    attestation_signature_url: a.attestationSignatureFileId ? `/api/applications/${a.id}/signature/` : null,
    created_at: a.createdAt.toISOString(),
    reviewed_at: a.reviewedAt ? a.reviewedAt.toISOString() : null,
    reviewed_by: a.reviewedById && row.reviewer ? { id: a.reviewedById, name: personName(row.reviewer) } : null,
    rejection_reason: a.rejectionReason,
    employee_id: a.employeeId,
  };
}

/** Reads and checks the public application form; every refused field is named. */
async function parseApplication(fields: Record<string, string>) {
  const errors: Record<string, string[]> = {};
  const text = (name: string, max: number, required = true): string => {
    const value = (fields[name] ?? '').trim();
    if (required && !value) errors[name] = ['This field is required.'];
    else if (value.length > max) errors[name] = [`Ensure this field has no more than ${max} characters.`];
    return value;
  };
  const position = text('position', 20);
  if (position && !(position in POSITIONS)) errors.position = ['Not a valid choice.'];
  const firstName = text('first_name', 150);
  const lastName = text('last_name', 150);
  const email = text('email', 254).toLowerCase();
  if (email && !EMAIL.test(email)) errors.email = ['Enter a valid email address.'];
  const phone = text('phone', 40);
  if (phone && (phone.replace(/\D/g, '').length < 7 || !/^[\d\s()+.-]+$/.test(phone)))
    errors.phone = ['Enter a valid phone number.'];
  const address = text('address', 500);
  const experience = text('experience', 10_000, false);
  const yearsRaw = text('years_experience', 3, false) || '0';
  const yearsExperience = Number(yearsRaw);
  if (!/^\d+$/.test(yearsRaw) || yearsExperience > 80)
    errors.years_experience = ['Enter a whole number of years (0-80).'];
  if ((fields.attestation ?? '').trim() !== 'true') errors.attestation = ['You must confirm the attestation.'];
  const signature = await decodeSignature(fields.attestation_signature);
  if ('problem' in signature)
    errors.attestation_signature = [fields.attestation_signature?.trim() ? signature.problem : 'Sign the attestation.'];
  let availability: ApplicationAvailability = { days: [], shifts: [] };
  try {
    const raw = JSON.parse(fields.availability ?? '') as Record<string, unknown>;
    const days = raw?.days;
    const shifts = raw?.shifts;
    if (!Array.isArray(days) || !days.length || !days.every((d) => (WEEK_DAYS as readonly unknown[]).includes(d)))
      throw new Error('days');
    if (!Array.isArray(shifts) || !shifts.length || !shifts.every((s) => (SHIFTS as readonly unknown[]).includes(s)))
      throw new Error('shifts');
    availability = { days: [...new Set(days as string[])], shifts: [...new Set(shifts as string[])] };
    if (raw.start_date !== undefined && raw.start_date !== null && raw.start_date !== '') {
      if (typeof raw.start_date !== 'string' || !isIsoDate(raw.start_date)) throw new Error('start_date');
      availability.start_date = raw.start_date;
    }
    if (raw.hours_per_week !== undefined && raw.hours_per_week !== null && raw.hours_per_week !== '') {
      const hours = Number(raw.hours_per_week);
      if (!Number.isInteger(hours) || hours < 1 || hours > 168) throw new Error('hours_per_week');
      availability.hours_per_week = hours;
    }
  } catch (error) {
    const part = error instanceof Error ? error.message : '';
    errors.availability = [
      part === 'days'
        ? 'Choose at least one day.'
        : part === 'shifts'
          ? 'Choose at least one shift.'
          : part === 'start_date'
            ? 'Enter a valid start date.'
            : part === 'hours_per_week'
              ? 'Hours per week must be a whole number from 1 to 168.'
              : 'Describe your availability.',
    ];
  }
  if (Object.keys(errors).length) throw invalid(errors, Object.values(errors)[0][0]);
  const row = {
    position: position as Position,
    firstName,
    lastName,
    email,
    phone,
    address,
    experience,
    yearsExperience,
    availability,
  };
  return { row, signature: (signature as { png: Buffer }).png };
}

export function createApplicationService(app: FastifyInstance) {
  const employees = createEmployeeService(app);

  const selectRows = () =>
    app.db
      .select({
        application: applications,
        resume: { name: files.name, size: files.size, contentType: files.contentType },
        reviewer: { firstName: users.firstName, lastName: users.lastName, email: users.email },
      })
      .from(applications)
      .leftJoin(files, eq(files.id, applications.resumeFileId))
      .leftJoin(users, eq(users.id, applications.reviewedById));

  async function find(organizationId: number, id: number): Promise<Row> {
    const [row] = await selectRows()
      .where(and(eq(applications.id, id), eq(applications.organizationId, organizationId)))
      .limit(1);
    if (!row) throw notFound();
    return row;
  }

  /**
   * Every application is a notification; the mail says only that applications are waiting, at most one per
   * admin per 15 minutes (counted in the database, so every server process keeps to it).
   */
  async function mailNewApplications(organization: RequestOrganization, adminId: number, now: Date): Promise<void> {
    if (
      (await consume(
        app.db,
        [{ key: `mail:application_received:${adminId}`, limit: 1, windowSeconds: APPLICATION_MAIL_SECONDS }],
        now,
      )) > 0
    )
      return;
    const [admin] = await app.db
      .select({ email: users.email, firstName: users.firstName, isActive: users.isActive })
      .from(users)
      .where(eq(users.id, adminId));
    if (!admin?.isActive) return;
    await app.mail
      .send({
        to: admin.email,
        subject: `New job applications at ${organization.name}`,
        text: `Hello ${admin.firstName || admin.email},\n\nNew job applications are waiting for review:\n\n${app.config.publicUrl}/applications\n`,
        organizationId: organization.id,
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'new applications mail failed'));
  }

  const alreadyReviewed = (status: string) =>
    new ApiError(
      409,
      'already_reviewed',
      `This application was already ${status === 'ACCEPTED' ? 'accepted' : 'rejected'}.`,
    );

  return {
    /**
     * The public apply-now form: no one is signed in, so it takes the organization of the page and the request's
     * audit instead of an actor.
     */
    async create(
      organization: RequestOrganization,
      audit: (entry: AuditEntry) => Promise<void>,
      readForm: ReadForm,
    ): Promise<{ id: number; status: 'PENDING' }> {
      const form = await readForm({ fileField: 'resume', kinds: RESUME_KINDS, fileRequired: true });
      const { row: input, signature } = await parseApplication(form.fields);
      const now = app.now();
      const created = await withSignatureFile(
        app,
        signature,
        { organizationId: organization.id, createdById: null },
        (saveSignature) =>
          storeUpload(app, form.file!, { organizationId: organization.id, createdById: null }, async (tx, resume) => {
            const signatureFile = await saveSignature(tx);
            const [row] = await tx
              .insert(applications)
              .values({
                organizationId: organization.id,
                ...input,
                resumeFileId: resume.id,
                attestationSignatureFileId: signatureFile.id,
                createdAt: now,
              })
              .returning({ id: applications.id });
            return row;
          }),
      );
      await audit({
        entity: 'application',
        entityId: created.id,
        actorId: null,
        changed: {
          event: 'create',
          position: input.position,
          email: input.email,
          resume: { name: form.file!.name, size: form.file!.data.length, content_type: form.file!.contentType },
        },
      });
      const name = `${input.firstName} ${input.lastName}`;
      for (const adminId of await organizationAdminIds(app.db, organization.id)) {
        await notify(
          app.db,
          {
            userId: adminId,
            organizationId: organization.id,
            type: 'application_received',
            title: `New application: ${name}, ${POSITIONS[input.position]}`,
            body: `${name} applied for ${POSITIONS[input.position]}.`,
            link: `/applications?id=${created.id}`,
          },
          now,
        );
        await mailNewApplications(organization, adminId, now);
      }
      return { id: created.id, status: 'PENDING' };
    },

    async list(actor: Actor, filter: ApplicationListFilter, page: Page): Promise<Listed<ApplicationOut>> {
      const organization = requireOrganization(actor);
      const conditions: SQL[] = [eq(applications.organizationId, organization.id)];
      if (filter.status) conditions.push(eq(applications.status, filter.status));
      if (filter.position) conditions.push(eq(applications.position, filter.position));
      for (const term of (filter.search ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 5)) {
        const pattern = likePattern(term);
        conditions.push(
          or(
            ilike(applications.firstName, pattern),
            ilike(applications.lastName, pattern),
            ilike(applications.email, pattern),
            ilike(applications.phone, pattern),
          )!,
        );
      }
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        selectRows()
          .where(where)
          .orderBy(...ORDERINGS[filter.ordering ?? '-created_at'])
          .limit(page.limit)
          .offset(page.offset),
        app.db.select({ count: count() }).from(applications).where(where),
      ]);
      const found = Number(total?.count ?? 0);
      // applicants by name (every read that names a person is audited)
      await actor.audit({
        entity: 'application',
        action: 'SEARCH',
        changed: { query: { ...filter, ...page }, count: found },
      });
      return { count: found, results: rows.map(serialize) };
    },

    async retrieve(actor: Actor, id: number): Promise<ApplicationOut> {
      const found = await find(requireOrganization(actor).id, id);
      await actor.audit({ entity: 'application', entityId: id, action: 'READ', changed: { event: 'read' } });
      return serialize(found);
    },

    /** The resume, for the route to send. */
    async resume(actor: Actor, id: number): Promise<FileRow> {
      const organization = requireOrganization(actor);
      const { application } = await find(organization.id, id);
      const file = await requireFile(app, application.resumeFileId, organization.id, 'This application has no resume.');
      await actor.audit({ entity: 'application', entityId: id, changed: { event: 'resume-read' } });
      return file;
    },

    /** The applicant's attestation signature, for the route to send. */
    async signature(actor: Actor, id: number): Promise<FileRow> {
      const organization = requireOrganization(actor);
      const { application } = await find(organization.id, id);
      const file = await requireFile(
        app,
        application.attestationSignatureFileId,
        organization.id,
        'This application has no signature.',
      );
      await actor.audit({
        entity: 'application',
        entityId: id,
        action: 'READ',
        changed: { event: 'file-read', file: 'signature' },
      });
      return file;
    },

    /** Hires the applicant; `log` is the request's, for an invitation mail that fails. */
    async accept(
      actor: Actor,
      log: FastifyBaseLogger,
      id: number,
    ): Promise<{ application: ApplicationOut; employee: EmployeeOut }> {
      const organization = requireOrganization(actor);
      const current = await find(organization.id, id);
      if (current.application.status !== 'PENDING') throw alreadyReviewed(current.application.status);
      const reviewer = actor.user;
      const now = app.now();
      let created: Awaited<ReturnType<typeof createEmployee>>;
      try {
        created = await app.db.transaction(async (tx) => {
          // claims the application: a second accept (or a reject) running at once finds nothing PENDING
          const [claimed] = await tx
            .update(applications)
            .set({ status: 'ACCEPTED', reviewedAt: now, reviewedById: reviewer.id })
            .where(
              and(
                eq(applications.id, id),
                eq(applications.organizationId, organization.id),
                eq(applications.status, 'PENDING'),
              ),
            )
            .returning();
          if (!claimed) throw alreadyReviewed('ACCEPTED');
          const employee = await createEmployee(
            tx,
            organization,
            {
              email: claimed.email,
              first_name: claimed.firstName,
              last_name: claimed.lastName,
              phone: claimed.phone,
              position: claimed.position as Position,
              applicationId: id,
            },
            reviewer.id,
            now,
          );
          await tx.update(applications).set({ employeeId: employee.id }).where(eq(applications.id, id));
          return employee;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw invalid({ email: [EMAIL_TAKEN] }, EMAIL_TAKEN);
        throw error;
      }
      await actor.audit({
        entity: 'application',
        entityId: id,
        changed: { status: { from: 'PENDING', to: 'ACCEPTED' }, employee_id: created.id },
      });
      await actor.audit({
        entity: 'employee',
        entityId: created.id,
        changed: {
          event: 'create',
          application_id: id,
          email: current.application.email,
          position: current.application.position,
          onboarding: created.items,
        },
      });
      await notifyOnboardingAssigned(app, organization, created.id, created.items);
      const [user] = await app.db.select().from(users).where(eq(users.id, created.id)).limit(1);
      await mailEmployeeInvitation(app, log, organization, user, current.application.position);
      return {
        application: serialize(await find(organization.id, id)),
        employee: await employees.serialized(organization, created.id),
      };
    },

    async reject(actor: Actor, id: number, reason: string): Promise<ApplicationOut> {
      const organization = requireOrganization(actor);
      const text = reason.trim();
      if (!text)
        throw invalid(
          { reason: ['Give the reason for rejecting this application.'] },
          'Give the reason for rejecting this application.',
        );
      const current = await find(organization.id, id);
      if (current.application.status !== 'PENDING') throw alreadyReviewed(current.application.status);
      const [updated] = await app.db
        .update(applications)
        .set({ status: 'REJECTED', rejectionReason: text, reviewedAt: app.now(), reviewedById: actor.user.id })
        .where(
          and(
            eq(applications.id, id),
            eq(applications.organizationId, organization.id),
            eq(applications.status, 'PENDING'),
          ),
        )
        .returning({ id: applications.id });
      if (!updated) throw alreadyReviewed('REJECTED');
      await actor.audit({
        entity: 'application',
        entityId: id,
        changed: { status: { from: 'PENDING', to: 'REJECTED' }, rejection_reason: text },
      });
      return serialize(await find(organization.id, id));
    },
  };
}

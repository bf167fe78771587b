import { and, count, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formRequests, formTemplates, users, type FormField } from '../../db/schema';
import { ApiError, invalid, notFound } from '../../lib/api-error';
import { isIsoDate } from '#domain/dates';
import type { Page } from '../../lib/paging';
import type { RequestOrganization } from '../../types';
import { organizationAdminIds } from '../notifications/service';
import type { FormRequestOut } from './form-request-schemas';
import { requireSignature, withSignatureFile } from '../../lib/signature-files';
import { requireFile, sendStoredFile } from '../../lib/stored-files';
import { personName } from '../../lib/names';
import { inTransactionNotifying, isAdmin, requireEmployees } from './onboarding-support';

type FormRequestRow = typeof formRequests.$inferSelect;
type TemplateRow = typeof formTemplates.$inferSelect;
interface FormRequestRecord {
  request: FormRequestRow;
  template: TemplateRow;
  employee: { id: number; firstName: string; lastName: string; email: string };
}

export const formRequestLink = (id: number) => `/onboarding/form-request/${id}`;
/** The office's view of an employee's form: their answers and signature, then the countersign pad. */
export const officeFormRequestLink = (employeeId: number, id: number) =>
  `/employees/${employeeId}/onboarding/form-request/${id}`;
const employeeOnboardingLink = (employeeId: number) => `/employees/${employeeId}/onboarding`;
const needsCountersign = (template: Pick<TemplateRow, 'signers'>) => template.signers.includes('ADMIN');

export function serializeFormRequest({ request, template, employee }: FormRequestRecord): FormRequestOut {
  return {
    id: request.id,
    template: {
      id: template.id,
      name: template.name,
      description: template.description,
      fields: template.fields,
      signers: template.signers,
    },
    employee: { id: employee.id, name: personName(employee) },
    required: request.required,
    status: request.status as FormRequestOut['status'],
    answers: (request.answers as FormRequestOut['answers']) ?? null,
    signed_at: request.signedAt ? request.signedAt.toISOString() : null,
    countersigned_at: request.countersignedAt ? request.countersignedAt.toISOString() : null,
    due_date: request.dueDate,
    created_at: request.createdAt.toISOString(),
  };
}

type Answer = string | boolean | null;

/** The answers the template asks for, checked field by field; each problem named `answers.<key>`. */
export function checkedAnswers(
  fields: FormField[],
  answers: Record<string, Answer | undefined>,
): Record<string, string | boolean> {
  const problems: Record<string, string[]> = {};
  const out: Record<string, string | boolean> = {};
  for (const field of fields) {
    const name = `answers.${field.key}`;
    const raw = Object.hasOwn(answers, field.key) ? answers[field.key] : undefined;
    const value = typeof raw === 'string' ? raw.trim() : raw;
    if (field.type === 'checkbox') {
      if (value === undefined || value === null) {
        if (field.required) problems[name] = ['This box must be checked.'];
        else out[field.key] = false;
        continue;
      }
      if (typeof value !== 'boolean') problems[name] = ['Must be true or false.'];
      else if (field.required && !value) problems[name] = ['This box must be checked.'];
      else out[field.key] = value;
      continue;
    }
    if (value === undefined || value === null || value === '') {
      if (field.required) problems[name] = ['This field is required.'];
      continue;
    }
    if (typeof value !== 'string') {
      problems[name] = ['Must be a string.'];
      continue;
    }
    // an answer's date is checked as the API's own dates are (format date): a real calendar date
    if (field.type === 'date' && !isIsoDate(value)) problems[name] = ['Enter a real date.'];
    else if (field.type === 'select' && !(field.options ?? []).includes(value))
      problems[name] = ['Not a valid choice.'];
    else if (field.type === 'text' && value.length > 500)
      problems[name] = ['Ensure this field has no more than 500 characters.'];
    else out[field.key] = value;
  }
  if (Object.keys(problems).length) throw invalid(problems, 'Please correct the answers.');
  return out;
}

export function createFormRequestService(app: FastifyInstance) {
  const db = app.db;

  function selectRecords() {
    return db
      .select({
        request: formRequests,
        template: formTemplates,
        employee: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
      })
      .from(formRequests)
      .innerJoin(formTemplates, eq(formTemplates.id, formRequests.templateId))
      .innerJoin(users, eq(users.id, formRequests.employeeId));
  }

  /** The request, if the signed-in user may see it: its employee, or an admin of the organization. */
  async function find(
    request: FastifyRequest,
    organization: RequestOrganization,
    id: number,
  ): Promise<FormRequestRecord> {
    const conditions: SQL[] = [eq(formRequests.id, id), eq(formRequests.organizationId, organization.id)];
    if (!isAdmin(request)) conditions.push(eq(formRequests.employeeId, request.user!.user.id));
    const [record] = await selectRecords()
      .where(and(...conditions))
      .limit(1);
    if (!record) throw notFound();
    return record;
  }

  async function reload(organization: RequestOrganization, id: number): Promise<FormRequestOut> {
    const [record] = await selectRecords()
      .where(and(eq(formRequests.id, id), eq(formRequests.organizationId, organization.id)))
      .limit(1);
    return serializeFormRequest(record);
  }

  return {
    async create(
      request: FastifyRequest,
      organization: RequestOrganization,
      input: { template_id: number; employee_ids: number[]; due_date?: string | null },
    ): Promise<FormRequestOut[]> {
      const [template] = await db
        .select()
        .from(formTemplates)
        .where(and(eq(formTemplates.id, input.template_id), eq(formTemplates.organizationId, organization.id)))
        .limit(1);
      if (!template) throw invalid({ template_id: ['No such form template in this organization.'] });
      if (!template.active) throw invalid({ template_id: ['This form template is retired.'] });
      const employees = await requireEmployees(db, organization.id, input.employee_ids);
      const open = await db
        .select({ employeeId: formRequests.employeeId })
        .from(formRequests)
        .where(
          and(
            eq(formRequests.organizationId, organization.id),
            eq(formRequests.templateId, template.id),
            ne(formRequests.status, 'COMPLETED'),
            inArray(
              formRequests.employeeId,
              employees.map((e) => e.id),
            ),
          ),
        );
      if (open.length) {
        const names = employees.filter((e) => open.some((o) => o.employeeId === e.id)).map(personName);
        const text = `Already waiting for this form: ${names.join(', ')}.`;
        throw invalid({ employee_ids: [text] }, text);
      }
      const now = app.now();
      const rows = await inTransactionNotifying(app, async (tx, notice) => {
        const created = await tx
          .insert(formRequests)
          .values(
            employees.map((employee) => ({
              organizationId: organization.id,
              templateId: template.id,
              employeeId: employee.id,
              required: template.required,
              status: 'PENDING',
              dueDate: input.due_date ?? null,
              requestedById: request.user!.user.id,
              createdAt: now,
            })),
          )
          .returning();
        for (const row of created) {
          await notice({
            userId: row.employeeId,
            organizationId: organization.id,
            type: 'form_requested',
            title: `Please fill and sign: ${template.name}`,
            body: input.due_date ? `Due by ${input.due_date}.` : '',
            link: formRequestLink(row.id),
          });
        }
        return created;
      });
      for (const row of rows) {
        await request.audit({
          entity: 'form_request',
          entityId: row.id,
          changed: {
            event: 'request',
            template_id: template.id,
            employee_id: row.employeeId,
            required: row.required,
            due_date: row.dueDate,
          },
        });
      }
      return rows.map((row) =>
        serializeFormRequest({ request: row, template, employee: employees.find((e) => e.id === row.employeeId)! }),
      );
    },

    async list(
      request: FastifyRequest,
      organization: RequestOrganization,
      filter: { status?: string; employee?: number },
      page: Page,
    ): Promise<{ count: number; results: FormRequestOut[] }> {
      const admin = isAdmin(request);
      const conditions: SQL[] = [eq(formRequests.organizationId, organization.id)];
      if (!admin) conditions.push(eq(formRequests.employeeId, request.user!.user.id));
      else if (filter.employee !== undefined) conditions.push(eq(formRequests.employeeId, filter.employee));
      if (filter.status) conditions.push(eq(formRequests.status, filter.status));
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        selectRecords()
          .where(where)
          .orderBy(desc(formRequests.createdAt), desc(formRequests.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ count: count() }).from(formRequests).where(where),
      ]);
      // an employee's reading of their own forms is audited too (every read, every role)
      const employeeId = admin ? filter.employee : request.user!.user.id;
      await request.audit({
        entity: 'form_request',
        changed: {
          event: 'read-list',
          ...(employeeId !== undefined ? { employee_id: employeeId } : {}),
          count: rows.length,
        },
      });
      return { count: Number(total?.count ?? 0), results: rows.map(serializeFormRequest) };
    },

    async retrieve(request: FastifyRequest, organization: RequestOrganization, id: number): Promise<FormRequestOut> {
      const record = await find(request, organization, id);
      await request.audit({
        entity: 'form_request',
        entityId: id,
        changed: { event: 'read', employee_id: record.request.employeeId },
      });
      return serializeFormRequest(record);
    },

    /** The employee's drawn signature of a signed request: for its employee, or the office (audited). */
    async sendSignature(
      request: FastifyRequest,
      reply: FastifyReply,
      organization: RequestOrganization,
      id: number,
    ): Promise<FastifyReply> {
      const record = await find(request, organization, id);
      const file = await requireFile(
        app,
        record.request.signatureFileId,
        organization.id,
        'This form is not signed yet.',
      );
      await request.audit({
        entity: 'form_request',
        entityId: id,
        action: 'READ',
        changed: { event: 'signature-read', employee_id: record.request.employeeId },
      });
      return sendStoredFile(app, reply, file);
    },

    /** The employee fills and signs their own request (one transaction: the request, then the admins' notices). */
    async submit(
      request: FastifyRequest,
      organization: RequestOrganization,
      id: number,
      input: { answers: Record<string, Answer>; signature: string },
    ): Promise<FormRequestOut> {
      const me = request.user!.user;
      const [record] = await selectRecords()
        .where(
          and(
            eq(formRequests.id, id),
            eq(formRequests.organizationId, organization.id),
            eq(formRequests.employeeId, me.id),
          ),
        )
        .limit(1);
      if (!record) throw notFound();
      if (record.request.status !== 'PENDING')
        throw new ApiError(400, 'already_submitted', 'This form has already been signed.');
      const answers = checkedAnswers(record.template.fields, input.answers);
      const signature = await requireSignature(input.signature);
      const countersign = needsCountersign(record.template);
      const status = countersign ? 'AWAITING_COUNTERSIGN' : 'COMPLETED';
      const now = app.now();
      await withSignatureFile(
        app,
        signature,
        { organizationId: organization.id, createdById: me.id },
        (saveSignature) =>
          inTransactionNotifying(app, async (tx, notice) => {
            const file = await saveSignature(tx);
            const updated = await tx
              .update(formRequests)
              .set({ status, answers, signatureFileId: file.id, signedAt: now })
              .where(
                and(
                  eq(formRequests.id, id),
                  eq(formRequests.organizationId, organization.id),
                  eq(formRequests.status, 'PENDING'),
                ),
              )
              .returning({ id: formRequests.id });
            if (!updated.length) throw new ApiError(400, 'already_submitted', 'This form has already been signed.');
            const name = personName(me);
            for (const adminId of await organizationAdminIds(tx as never, organization.id)) {
              await notice({
                userId: adminId,
                organizationId: organization.id,
                type: 'form_completed',
                title: countersign
                  ? `${name} signed ${record.template.name}: please countersign`
                  : `${name} completed ${record.template.name}`,
                link: countersign ? officeFormRequestLink(me.id, id) : employeeOnboardingLink(me.id),
              });
            }
          }),
      );
      await request.audit({
        entity: 'form_request',
        entityId: id,
        changed: {
          event: 'submit',
          status: { from: 'PENDING', to: status },
          answers: Object.keys(answers),
          signature: 'PNG',
        },
      });
      return reload(organization, id);
    },

    /** An admin countersigns a signed form that needs the office's signature too. */
    async countersign(
      request: FastifyRequest,
      organization: RequestOrganization,
      id: number,
      input: { signature: string },
    ): Promise<FormRequestOut> {
      const record = await find(request, organization, id);
      if (!needsCountersign(record.template))
        throw new ApiError(400, 'no_countersignature', 'This form does not need the office’s signature.');
      if (record.request.status !== 'AWAITING_COUNTERSIGN') {
        throw new ApiError(400, 'not_awaiting_countersignature', 'This form is not waiting for a countersignature.');
      }
      const signature = await requireSignature(input.signature);
      const now = app.now();
      await withSignatureFile(
        app,
        signature,
        { organizationId: organization.id, createdById: request.user!.user.id },
        (saveSignature) =>
          inTransactionNotifying(app, async (tx, notice) => {
            const file = await saveSignature(tx);
            const updated = await tx
              .update(formRequests)
              .set({
                status: 'COMPLETED',
                countersignatureFileId: file.id,
                countersignedById: request.user!.user.id,
                countersignedAt: now,
              })
              .where(
                and(
                  eq(formRequests.id, id),
                  eq(formRequests.organizationId, organization.id),
                  eq(formRequests.status, 'AWAITING_COUNTERSIGN'),
                ),
              )
              .returning({ id: formRequests.id });
            if (!updated.length)
              throw new ApiError(
                400,
                'not_awaiting_countersignature',
                'This form is not waiting for a countersignature.',
              );
            await notice({
              userId: record.request.employeeId,
              organizationId: organization.id,
              type: 'form_completed',
              title: `${record.template.name} is complete: the office countersigned it`,
              link: formRequestLink(id),
            });
          }),
      );
      await request.audit({
        entity: 'form_request',
        entityId: id,
        changed: {
          event: 'countersign',
          status: { from: 'AWAITING_COUNTERSIGN', to: 'COMPLETED' },
          employee_id: record.request.employeeId,
        },
      });
      return reload(organization, id);
    },
  };
}

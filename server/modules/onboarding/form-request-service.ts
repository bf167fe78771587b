import { and, eq, ne, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isIsoDate } from '#domain/dates';
import type { Db } from '../../db/connection';
import { formRequests, formTemplates, users, type FormField } from '../../db/schema';
import { OFFICE, type Actor } from '../../lib/actor';
import { ApiError, invalid } from '../../lib/api-error';
import { nameColumns, personName } from '../../lib/names';
import type { Listed, Page } from '../../lib/paging';
import { requireOrganization } from '../../lib/request-organization';
import { requireFile, sendStoredFile } from '../../lib/stored-files';
import type {
  formRequestCountersignSchema,
  formRequestCreateSchema,
  formRequestListSchema,
  FormRequestOut,
  formRequestSubmitSchema,
} from './form-request-schemas';
import {
  moveSigned,
  namesWithOpen,
  noticeOffice,
  listRequests,
  loadRequest,
  requireEmployees,
  sendRequests,
  type BodyOf,
  type FilterOf,
} from './onboarding-support';
import { requireActiveSetting } from './settings-service';

type Countersignature = BodyOf<typeof formRequestCountersignSchema>;

/** What a form request is sent from. */
const TEMPLATE = { table: formTemplates, field: 'template_id', noun: 'form template' };

/** Form requests with their template and employee, to filter with `where`. */
function selectRecords(db: Db) {
  return db
    .select({
      request: formRequests,
      template: formTemplates,
      employee: { id: users.id, ...nameColumns(users) },
    })
    .from(formRequests)
    .innerJoin(formTemplates, eq(formTemplates.id, formRequests.templateId))
    .innerJoin(users, eq(users.id, formRequests.employeeId));
}
type FormRequestRecord = Awaited<ReturnType<typeof selectRecords>>[number];

export const formRequestLink = (id: number) => `/onboarding/form-request/${id}`;
/** The office's view of an employee's form: their answers and signature, then the countersign pad. */
export const officeFormRequestLink = (employeeId: number, id: number) =>
  `/employees/${employeeId}/onboarding/form-request/${id}`;
const employeeOnboardingLink = (employeeId: number) => `/employees/${employeeId}/onboarding`;
const needsCountersign = (template: Pick<FormRequestRecord['template'], 'signers'>) =>
  template.signers.includes('ADMIN');

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

  const load = (organizationId: number, id: number, ...more: SQL[]) =>
    loadRequest(selectRecords(db), formRequests, organizationId, id, ...more);

  /** The request, if the actor may see it: its employee, or the office. */
  const find = (actor: Actor, organizationId: number, id: number) =>
    load(organizationId, id, ...(actor.can(OFFICE) ? [] : [eq(formRequests.employeeId, actor.user.id)]));

  const audit = (actor: Actor, id: number, changed: Record<string, unknown>, action?: 'READ') =>
    actor.audit({ entity: 'form_request', entityId: id, action, changed });

  return {
    async create(actor: Actor, input: BodyOf<typeof formRequestCreateSchema>): Promise<FormRequestOut[]> {
      const organization = requireOrganization(actor);
      const template = await requireActiveSetting(db, organization.id, TEMPLATE, input.template_id);
      const employees = await requireEmployees(db, organization.id, input.employee_ids);
      const open = and(eq(formRequests.templateId, template.id), ne(formRequests.status, 'COMPLETED'))!;
      const waiting = await namesWithOpen(db, formRequests, organization.id, employees, open);
      if (waiting) {
        const text = `Already waiting for this form: ${waiting}.`;
        throw invalid({ employee_ids: [text] }, text);
      }
      const rows = await sendRequests(
        app,
        actor,
        formRequests,
        { organizationId: organization.id, employees },
        () => ({ templateId: template.id, required: template.required, dueDate: input.due_date ?? null }),
        (row) => ({
          type: 'form_requested',
          title: `Please fill and sign: ${template.name}`,
          body: input.due_date ? `Due by ${input.due_date}.` : '',
          link: formRequestLink(row.id),
        }),
      );
      for (const row of rows) {
        await audit(actor, row.id, {
          event: 'request',
          template_id: template.id,
          employee_id: row.employeeId,
          required: row.required,
          due_date: row.dueDate,
        });
      }
      return rows.map((row) =>
        serializeFormRequest({ request: row, template, employee: employees.find((e) => e.id === row.employeeId)! }),
      );
    },

    async list(
      actor: Actor,
      filter: FilterOf<typeof formRequestListSchema>,
      page: Page,
    ): Promise<Listed<FormRequestOut>> {
      const employeeId = actor.can(OFFICE) ? filter.employee : actor.user.id;
      const conditions = employeeId !== undefined ? [eq(formRequests.employeeId, employeeId)] : [];
      const { count, results } = await listRequests(
        actor,
        db,
        { table: formRequests, select: selectRecords(db) },
        { conditions, status: filter.status, page },
        employeeId !== undefined ? { employee_id: employeeId } : {},
      );
      return { count, results: results.map(serializeFormRequest) };
    },

    async retrieve(actor: Actor, id: number): Promise<FormRequestOut> {
      const record = await find(actor, requireOrganization(actor).id, id);
      await audit(actor, id, { event: 'read', employee_id: record.request.employeeId });
      return serializeFormRequest(record);
    },

    /** The employee's drawn signature of a signed request: for its employee, or the office (audited). */
    async sendSignature(actor: Actor, reply: FastifyReply, id: number): Promise<FastifyReply> {
      const organization = requireOrganization(actor);
      const record = await find(actor, organization.id, id);
      const file = await requireFile(
        app,
        record.request.signatureFileId,
        organization.id,
        'This form is not signed yet.',
      );
      await audit(actor, id, { event: 'signature-read', employee_id: record.request.employeeId }, 'READ');
      return sendStoredFile(app, reply, file);
    },

    /** The employee fills and signs their own request (one transaction: the request, then the admins' notices). */
    async submit(actor: Actor, id: number, input: BodyOf<typeof formRequestSubmitSchema>): Promise<FormRequestOut> {
      const organization = requireOrganization(actor);
      const me = actor.user;
      const record = await load(organization.id, id, eq(formRequests.employeeId, me.id));
      const alreadySigned = () => new ApiError(400, 'already_submitted', 'This form has already been signed.');
      if (record.request.status !== 'PENDING') throw alreadySigned();
      const answers = checkedAnswers(record.template.fields, input.answers);
      const countersign = needsCountersign(record.template);
      const status = countersign ? 'AWAITING_COUNTERSIGN' : 'COMPLETED';
      const now = app.now();
      const name = personName(me);
      await moveSigned(
        app,
        actor,
        formRequests,
        { id, organizationId: organization.id, from: 'PENDING' },
        input.signature,
        {
          values: (file) => ({ status, answers, signatureFileId: file.id, signedAt: now }),
          refused: alreadySigned,
          notify: (tx, notice) =>
            noticeOffice(tx, notice, {
              organizationId: organization.id,
              type: 'form_completed',
              title: countersign
                ? `${name} signed ${record.template.name}: please countersign`
                : `${name} completed ${record.template.name}`,
              link: countersign ? officeFormRequestLink(me.id, id) : employeeOnboardingLink(me.id),
            }),
        },
      );
      await audit(actor, id, {
        event: 'submit',
        status: { from: 'PENDING', to: status },
        answers: Object.keys(answers),
        signature: 'PNG',
      });
      return serializeFormRequest(await load(organization.id, id));
    },

    /** An admin countersigns a signed form that needs the office's signature too. */
    async countersign(actor: Actor, id: number, input: Countersignature): Promise<FormRequestOut> {
      const organization = requireOrganization(actor);
      const record = await find(actor, organization.id, id);
      if (!needsCountersign(record.template))
        throw new ApiError(400, 'no_countersignature', 'This form does not need the office’s signature.');
      const notAwaiting = () =>
        new ApiError(400, 'not_awaiting_countersignature', 'This form is not waiting for a countersignature.');
      if (record.request.status !== 'AWAITING_COUNTERSIGN') throw notAwaiting();
      const now = app.now();
      const from = 'AWAITING_COUNTERSIGN';
      await moveSigned(app, actor, formRequests, { id, organizationId: organization.id, from }, input.signature, {
        values: (file) => ({
          status: 'COMPLETED',
          countersignatureFileId: file.id,
          countersignedById: actor.user.id,
          countersignedAt: now,
        }),
        refused: notAwaiting,
        notify: (_tx, notice) =>
          notice({
            userId: record.request.employeeId,
            organizationId: organization.id,
            type: 'form_completed',
            title: `${record.template.name} is complete: the office countersigned it`,
            link: formRequestLink(id),
          }),
      });
      await audit(actor, id, {
        event: 'countersign',
        status: { from: 'AWAITING_COUNTERSIGN', to: 'COMPLETED' },
        employee_id: record.request.employeeId,
      });
      return serializeFormRequest(await load(organization.id, id));
    },
  };
}

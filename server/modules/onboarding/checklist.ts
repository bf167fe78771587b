import { Type, type Static } from '@fastify/type-provider-typebox';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { competencyTests, formRequests, formTemplates, testRequests } from '../../db/schema';
import { dateIn } from '../../lib/dates';
import { AUTHENTICATED_ERRORS, errorResponses } from '../../schemas/common';
import type { RequestOrganization } from '../../types';
import { DocumentSchema } from '../documents/schemas';
import { listEmployeeDocuments } from '../documents/service';
import { FORM_REQUEST_STATUSES } from './form-request-schemas';
import { TEST_REQUEST_STATUSES } from './test-request-schemas';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
const Timestamp = Type.String({ format: 'date-time' });

/** The Checklist of contract-3: what stands between an employee and ready to hire. */
export const ChecklistSchema = Type.Object(
  {
    ready: Type.Boolean(),
    missing: Type.Array(Type.String(), { description: 'What is still missing, one text each' }),
    forms: Type.Array(
      Type.Object({
        id: Type.Integer(),
        name: Type.String(),
        required: Type.Boolean(),
        status: Type.Enum([...FORM_REQUEST_STATUSES]),
        completed_at: Nullable(Timestamp),
      }),
    ),
    documents: Type.Array(DocumentSchema),
    tests: Type.Array(
      Type.Object({
        id: Type.Integer(),
        name: Type.String(),
        status: Type.Enum([...TEST_REQUEST_STATUSES]),
        score: Nullable(Type.Integer()),
        pass_mark: Type.Integer(),
        submitted_at: Nullable(Timestamp),
      }),
    ),
  },
  { title: 'Checklist' },
);
export type ChecklistOut = Static<typeof ChecklistSchema>;

export const onboardingChecklistSchema = {
  operationId: 'onboarding_checklist_retrieve',
  tags: ['onboarding'],
  summary: "One's own onboarding checklist: form requests, documents, competency tests and what is missing",
  response: { 200: ChecklistSchema, ...errorResponses(...AUTHENTICATED_ERRORS) },
};

const DOCUMENT_PROBLEMS: Record<string, string> = {
  MISSING: 'not uploaded',
  PENDING: 'waiting for review',
  REJECTED: 'rejected',
};

/**
 * The checklist of one employee (employees_checklist_retrieve answers the same): ready to hire needs every
 * required form request COMPLETED, every required document APPROVED and not expired, and a PASSED test.
 * The caller has checked that the employee belongs to the organization.
 */
export async function loadChecklist(db: Db, organization: RequestOrganization, employeeId: number, now: Date): Promise<ChecklistOut> {
  const today = dateIn(organization.timezone, now);
  const [forms, documents, tests] = await Promise.all([
    db
      .select({ request: formRequests, name: formTemplates.name, signers: formTemplates.signers })
      .from(formRequests)
      .innerJoin(formTemplates, eq(formTemplates.id, formRequests.templateId))
      .where(and(eq(formRequests.organizationId, organization.id), eq(formRequests.employeeId, employeeId)))
      .orderBy(asc(formRequests.createdAt), asc(formRequests.id)),
    listEmployeeDocuments(db, organization.id, employeeId, today),
    db
      .select({ request: testRequests, name: competencyTests.name, passMark: competencyTests.passMark })
      .from(testRequests)
      .innerJoin(competencyTests, eq(competencyTests.id, testRequests.testId))
      .where(and(eq(testRequests.organizationId, organization.id), eq(testRequests.employeeId, employeeId)))
      .orderBy(asc(testRequests.createdAt), asc(testRequests.id)),
  ]);
  const missing: string[] = [];
  for (const { request, name } of forms) {
    if (!request.required || request.status === 'COMPLETED') continue;
    missing.push(request.status === 'AWAITING_COUNTERSIGN' ? `Form “${name}” needs the office’s countersignature.` : `Form “${name}” is not signed yet.`);
  }
  for (const document of documents) {
    if (!document.required) continue;
    if (document.status !== 'APPROVED') missing.push(`Document “${document.name}” is ${DOCUMENT_PROBLEMS[document.status] ?? 'not approved'}.`);
    else if (document.expired) missing.push(`Document “${document.name}” has expired.`);
  }
  if (!tests.some(({ request }) => request.status === 'PASSED')) missing.push('No competency test passed yet.');
  return {
    ready: missing.length === 0,
    missing,
    forms: forms.map(({ request, name, signers }) => ({
      id: request.id,
      name,
      required: request.required,
      status: request.status as ChecklistOut['forms'][number]['status'],
      completed_at:
        request.status !== 'COMPLETED'
          ? null
          : ((signers.includes('ADMIN') ? request.countersignedAt : request.signedAt) ?? request.signedAt)?.toISOString() ?? null,
    })),
    documents,
    tests: tests.map(({ request, name, passMark }) => ({
      id: request.id,
      name,
      status: request.status as ChecklistOut['tests'][number]['status'],
      score: request.score,
      pass_mark: passMark,
      submitted_at: request.submittedAt ? request.submittedAt.toISOString() : null,
    })),
  };
}

import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { competencyTests, formRequests, formTemplates, testRequests } from '../../db/schema';
import { listEmployeeDocuments } from '../documents/service';
import type { ChecklistOut } from './schemas';

/**
 * The onboarding checklist of one employee and what stops them being ready to hire: every required form
 * request COMPLETED, every required document APPROVED and not expired, at least one competency test PASSED.
 * Shared by employees_checklist_retrieve, employees_ready_create and onboarding_checklist_retrieve.
 */
export async function buildChecklist(
  db: Db,
  organizationId: number,
  employeeId: number,
  today: string,
): Promise<ChecklistOut> {
  const [forms, documents, tests] = await Promise.all([
    db
      .select({
        id: formRequests.id,
        name: formTemplates.name,
        required: formRequests.required,
        status: formRequests.status,
        signedAt: formRequests.signedAt,
        countersignedAt: formRequests.countersignedAt,
      })
      .from(formRequests)
      .innerJoin(formTemplates, eq(formTemplates.id, formRequests.templateId))
      .where(and(eq(formRequests.organizationId, organizationId), eq(formRequests.employeeId, employeeId)))
      .orderBy(asc(formRequests.id)),
    listEmployeeDocuments(db, organizationId, employeeId, today),
    db
      .select({
        id: testRequests.id,
        name: competencyTests.name,
        status: testRequests.status,
        score: testRequests.score,
        passMark: competencyTests.passMark,
        submittedAt: testRequests.submittedAt,
      })
      .from(testRequests)
      .innerJoin(competencyTests, eq(competencyTests.id, testRequests.testId))
      .where(and(eq(testRequests.organizationId, organizationId), eq(testRequests.employeeId, employeeId)))
      .orderBy(asc(testRequests.id)),
  ]);
  const missing: string[] = [];
  for (const form of forms) {
    if (!form.required || form.status === 'COMPLETED') continue;
    missing.push(
      form.status === 'AWAITING_COUNTERSIGN'
        ? `Form "${form.name}" awaits the office's countersignature.`
        : `Form "${form.name}" is not completed.`,
    );
  }
  for (const document of documents) {
    if (!document.required) continue;
    if (document.status === 'MISSING') missing.push(`Document "${document.name}" is not uploaded.`);
    else if (document.status === 'PENDING') missing.push(`Document "${document.name}" awaits review.`);
    else if (document.status === 'REJECTED') missing.push(`Document "${document.name}" was rejected.`);
    else if (document.expired) missing.push(`Document "${document.name}" has expired.`);
  }
  if (!tests.some((test) => test.status === 'PASSED')) {
    missing.push(tests.length ? 'No competency test has been passed yet.' : 'No competency test has been requested.');
  }
  return {
    ready: missing.length === 0,
    missing,
    forms: forms.map((f) => ({
      id: f.id,
      name: f.name,
      required: f.required,
      status: f.status as ChecklistOut['forms'][number]['status'],
      completed_at: f.status === 'COMPLETED' ? ((f.countersignedAt ?? f.signedAt)?.toISOString() ?? null) : null,
    })),
    documents,
    tests: tests.map((t) => ({
      id: t.id,
      name: t.name,
      status: t.status as ChecklistOut['tests'][number]['status'],
      score: t.score,
      pass_mark: t.passMark,
      submitted_at: t.submittedAt ? t.submittedAt.toISOString() : null,
    })),
  };
}

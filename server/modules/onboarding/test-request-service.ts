import { alias } from 'drizzle-orm/pg-core';
import { and, count, desc, eq, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { competencyTests, employeeProfiles, testRequests, users, type SkillResult } from '../../db/schema';
import { ApiError, invalid, notFound, permissionDenied } from '../../lib/api-error';
import { personName } from '../../lib/names';
import type { Page } from '../../lib/paging';
import type { RequestOrganization } from '../../types';
import { requireSignature, withSignatureFile } from '../../lib/signature-files';
import { organizationAdminIds } from '../notifications/service';
import {
  inTransactionNotifying,
  isAdmin,
  isObservingNurse,
  newQuestionOrder,
  organizationNurseIds,
  requireEmployees,
  requireObservingNurse,
} from './onboarding-support';
import type { TestRequestOut } from './test-request-schemas';

type TestRequestRow = typeof testRequests.$inferSelect;
type TestRow = typeof competencyTests.$inferSelect;
interface TestRequestRecord {
  request: TestRequestRow;
  test: TestRow;
  employee: { id: number; firstName: string; lastName: string; email: string; position: string | null };
  observer: { id: number; firstName: string; lastName: string; email: string } | null;
}

export const testRequestLink = (id: number) => `/onboarding/test-request/${id}`;
export const testResultLink = (id: number) => `/onboarding/test-request/result?id=${id}`;
const employeeOnboardingLink = (employeeId: number) => `/employees/${employeeId}/onboarding`;
/** Observed skills apply when the test has any and the employee is a home health aide (42 CFR 484.80(c)). */
const needsObservation = (test: Pick<TestRow, 'observedSkills'>, position: string | null) =>
  test.observedSkills.length > 0 && position === 'HHA';

const observers = alias(users, 'observers');

/** The test's questions in the order this attempt asks them (its own shuffle; the test's order for older attempts). */
function questionsOfAttempt(test: TestRow, request: TestRequestRow): TestRow['questions'] {
  const position = new Map(request.questionOrder.map((id, index) => [id, index]));
  return [...test.questions].sort((a, b) => (position.get(a.id) ?? Infinity) - (position.get(b.id) ?? Infinity));
}

/**
 * A test request as `viewerId` may see it. The right answer never leaves the server. The taker sees, after
 * submitting, the score and the subjects to review, never which questions were right (a retake would be a
 * formality); the office also sees what was chosen and whether it was right.
 */
export function serializeTestRequest(
  { request, test, employee, observer }: TestRequestRecord,
  viewerId: number,
): TestRequestOut {
  const submitted = request.submittedAt !== null;
  const taker = viewerId === employee.id;
  const questions = questionsOfAttempt(test, request);
  const wrong = submitted ? questions.filter((question) => request.answers?.[question.id] !== question.answer) : [];
  return {
    id: request.id,
    test: {
      id: test.id,
      name: test.name,
      description: test.description,
      pass_mark: test.passMark,
      questions: questions.map(({ id, text, choices, answer }) => {
        if (!submitted || taker) return { id, text, choices };
        const chosen = request.answers?.[id];
        return { id, text, choices, chosen: chosen ?? null, correct: chosen === answer };
      }),
      observed_skills: test.observedSkills,
    },
    review_subjects: [...new Set(wrong.map((question) => question.subject ?? test.name))],
    employee: { id: employee.id, name: personName(employee), position: employee.position },
    status: request.status as TestRequestOut['status'],
    score: request.score,
    written_passed: request.writtenPassed,
    skill_results: request.skillResults.map((r) => ({
      skill_id: r.skill_id,
      label: r.label,
      satisfactory: r.satisfactory,
      comment: r.comment ?? null,
    })),
    observer: observer ? { id: observer.id, name: personName(observer) } : null,
    observed_at: request.observedAt ? request.observedAt.toISOString() : null,
    submitted_at: request.submittedAt ? request.submittedAt.toISOString() : null,
    created_at: request.createdAt.toISOString(),
  };
}

export function createTestRequestService(app: FastifyInstance) {
  const db = app.db;

  function selectRecords() {
    return db
      .select({
        request: testRequests,
        test: competencyTests,
        employee: {
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          position: employeeProfiles.position,
        },
        observer: {
          id: observers.id,
          firstName: observers.firstName,
          lastName: observers.lastName,
          email: observers.email,
        },
      })
      .from(testRequests)
      .innerJoin(competencyTests, eq(competencyTests.id, testRequests.testId))
      .innerJoin(users, eq(users.id, testRequests.employeeId))
      .leftJoin(employeeProfiles, eq(employeeProfiles.userId, testRequests.employeeId))
      .leftJoin(observers, eq(observers.id, testRequests.observerId));
  }

  async function load(
    organization: RequestOrganization,
    id: number,
    ...more: (SQL | undefined)[]
  ): Promise<TestRequestRecord | null> {
    const [record] = await selectRecords()
      .where(and(eq(testRequests.id, id), eq(testRequests.organizationId, organization.id), ...more))
      .limit(1);
    return (record as TestRequestRecord | undefined) ?? null;
  }

  /** Who may see a request: its employee, an admin, or an RN of the organization once it waits for (or had) their observation. */
  function visibleTo(request: FastifyRequest): SQL | undefined {
    if (isAdmin(request)) return undefined;
    const me = request.user!.user.id;
    if (isObservingNurse(request)) {
      return or(
        eq(testRequests.employeeId, me),
        eq(testRequests.status, 'AWAITING_OBSERVATION'),
        eq(testRequests.observerId, me),
      );
    }
    return eq(testRequests.employeeId, me);
  }

  return {
    async create(
      request: FastifyRequest,
      organization: RequestOrganization,
      input: { test_id: number; employee_ids: number[] },
    ): Promise<TestRequestOut[]> {
      const [test] = await db
        .select()
        .from(competencyTests)
        .where(and(eq(competencyTests.id, input.test_id), eq(competencyTests.organizationId, organization.id)))
        .limit(1);
      if (!test) throw invalid({ test_id: ['No such competency test in this organization.'] });
      if (!test.active) throw invalid({ test_id: ['This competency test is retired.'] });
      const employees = await requireEmployees(db, organization.id, input.employee_ids);
      const problems: string[] = [];
      if (test.positions.length) {
        const others = employees.filter((e) => !e.position || !test.positions.includes(e.position));
        if (others.length) problems.push(`This test is not for the position of ${others.map(personName).join(', ')}.`);
      }
      const open = await db
        .select({ employeeId: testRequests.employeeId })
        .from(testRequests)
        .where(
          and(
            eq(testRequests.organizationId, organization.id),
            eq(testRequests.testId, test.id),
            inArray(testRequests.status, ['PENDING', 'AWAITING_OBSERVATION']),
            inArray(
              testRequests.employeeId,
              employees.map((e) => e.id),
            ),
          ),
        );
      if (open.length) {
        problems.push(
          `Already taking this test: ${employees
            .filter((e) => open.some((o) => o.employeeId === e.id))
            .map(personName)
            .join(', ')}.`,
        );
      }
      if (problems.length) throw invalid({ employee_ids: problems }, problems[0]);
      // a retake asks the questions in another order than the attempt before it
      const earlier = await db
        .select({ employeeId: testRequests.employeeId, questionOrder: testRequests.questionOrder })
        .from(testRequests)
        .where(
          and(
            eq(testRequests.organizationId, organization.id),
            eq(testRequests.testId, test.id),
            inArray(
              testRequests.employeeId,
              employees.map((e) => e.id),
            ),
          ),
        )
        .orderBy(desc(testRequests.id));
      const questionIds = test.questions.map((question) => question.id);
      const orderFor = (employeeId: number) => {
        const previous = earlier.find((row) => row.employeeId === employeeId);
        return newQuestionOrder(
          questionIds,
          previous ? (previous.questionOrder.length ? previous.questionOrder : questionIds) : null,
        );
      };
      const now = app.now();
      const rows = await inTransactionNotifying(app, async (tx, notice) => {
        const created = await tx
          .insert(testRequests)
          .values(
            employees.map((employee) => ({
              organizationId: organization.id,
              testId: test.id,
              employeeId: employee.id,
              status: 'PENDING',
              questionOrder: orderFor(employee.id),
              requestedById: request.user!.user.id,
              createdAt: now,
            })),
          )
          .returning();
        for (const row of created) {
          await notice({
            userId: row.employeeId,
            organizationId: organization.id,
            type: 'test_requested',
            title: `Please take the competency test: ${test.name}`,
            link: testRequestLink(row.id),
          });
        }
        return created;
      });
      for (const row of rows) {
        await request.audit({
          entity: 'test_request',
          entityId: row.id,
          changed: { event: 'request', test_id: test.id, employee_id: row.employeeId },
        });
      }
      return rows.map((row) =>
        serializeTestRequest(
          { request: row, test, employee: employees.find((e) => e.id === row.employeeId)!, observer: null },
          request.user!.user.id,
        ),
      );
    },

    async list(
      request: FastifyRequest,
      organization: RequestOrganization,
      filter: { status?: string; awaiting_observation?: boolean; employee?: number },
      page: Page,
    ): Promise<{ count: number; results: TestRequestOut[] }> {
      const admin = isAdmin(request);
      const me = request.user!.user.id;
      const conditions: SQL[] = [eq(testRequests.organizationId, organization.id)];
      if (filter.awaiting_observation) {
        if (!admin && !isObservingNurse(request))
          throw permissionDenied('Only a registered nurse of the organization observes skills.');
        conditions.push(eq(testRequests.status, 'AWAITING_OBSERVATION'));
        // a nurse never observes her own skills (the menu's count says the same)
        if (!admin) conditions.push(ne(testRequests.employeeId, me));
      } else if (!admin) {
        conditions.push(eq(testRequests.employeeId, me));
      }
      if (admin && filter.employee !== undefined) conditions.push(eq(testRequests.employeeId, filter.employee));
      if (filter.status) conditions.push(eq(testRequests.status, filter.status));
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        selectRecords()
          .where(where)
          .orderBy(desc(testRequests.createdAt), desc(testRequests.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ count: count() }).from(testRequests).where(where),
      ]);
      // an employee's reading of their own tests is audited too (every read, every role)
      await request.audit({
        entity: 'test_request',
        changed: {
          event: 'read-list',
          ...(filter.awaiting_observation ? { awaiting_observation: true } : {}),
          ...(filter.employee !== undefined ? { employee_id: filter.employee } : {}),
          count: rows.length,
        },
      });
      return {
        count: Number(total?.count ?? 0),
        results: (rows as TestRequestRecord[]).map((row) => serializeTestRequest(row, me)),
      };
    },

    /** The nurse's menu count: the organization's skills checks waiting for an observation, not her own. */
    async awaitingObservationCount(
      request: FastifyRequest,
      organization: RequestOrganization,
    ): Promise<{ count: number }> {
      requireObservingNurse(request);
      const [row] = await db
        .select({ count: count() })
        .from(testRequests)
        .where(
          and(
            eq(testRequests.organizationId, organization.id),
            eq(testRequests.status, 'AWAITING_OBSERVATION'),
            ne(testRequests.employeeId, request.user!.user.id),
          ),
        );
      return { count: Number(row?.count ?? 0) };
    },

    async retrieve(request: FastifyRequest, organization: RequestOrganization, id: number): Promise<TestRequestOut> {
      const record = await load(organization, id, visibleTo(request));
      if (!record) throw notFound();
      await request.audit({
        entity: 'test_request',
        entityId: id,
        changed: { event: 'read', employee_id: record.request.employeeId },
      });
      return serializeTestRequest(record, request.user!.user.id);
    },

    /** The written part, once: scored at once; an HHA's written pass then waits for an RN's observation. */
    async submit(
      request: FastifyRequest,
      organization: RequestOrganization,
      id: number,
      input: { answers: Record<string, number> },
    ): Promise<TestRequestOut> {
      const me = request.user!.user;
      const record = await load(organization, id, eq(testRequests.employeeId, me.id));
      if (!record) throw notFound();
      const already = () => new ApiError(400, 'already_submitted', 'This test has already been submitted.');
      if (record.request.submittedAt !== null || record.request.status !== 'PENDING') throw already();
      const { test, employee } = record;
      const problems: Record<string, string[]> = {};
      const answers: Record<string, number> = {};
      let right = 0;
      for (const question of test.questions) {
        const chosen = Object.hasOwn(input.answers, question.id) ? input.answers[question.id] : undefined;
        if (chosen === undefined) problems[`answers.${question.id}`] = ['Choose an answer.'];
        else if (chosen >= question.choices.length) problems[`answers.${question.id}`] = ['Not a valid choice.'];
        else {
          answers[question.id] = chosen;
          if (chosen === question.answer) right++;
        }
      }
      if (Object.keys(problems).length) throw invalid(problems, 'Answer every question.');
      const score = test.questions.length ? Math.round((right * 100) / test.questions.length) : 0;
      const writtenPassed = score >= test.passMark;
      const observation = writtenPassed && needsObservation(test, employee.position);
      const status = observation ? 'AWAITING_OBSERVATION' : writtenPassed ? 'PASSED' : 'FAILED';
      const now = app.now();
      const name = personName(me);
      await inTransactionNotifying(app, async (tx, notice) => {
        const updated = await tx
          .update(testRequests)
          .set({ answers, score, writtenPassed, status, submittedAt: now })
          .where(
            and(
              eq(testRequests.id, id),
              eq(testRequests.organizationId, organization.id),
              eq(testRequests.status, 'PENDING'),
            ),
          )
          .returning({ id: testRequests.id });
        if (!updated.length) throw already();
        const outcome = observation
          ? 'written part passed, skills observation next'
          : writtenPassed
            ? 'passed'
            : 'not passed';
        for (const adminId of await organizationAdminIds(tx as never, organization.id)) {
          await notice({
            userId: adminId,
            organizationId: organization.id,
            type: 'test_submitted',
            title: `${name} submitted ${test.name}: ${score}% (${outcome})`,
            link: employeeOnboardingLink(me.id),
          });
        }
        if (observation) {
          for (const nurseId of await organizationNurseIds(tx, organization.id)) {
            if (nurseId === me.id) continue;
            await notice({
              userId: nurseId,
              organizationId: organization.id,
              type: 'test_observation_needed',
              title: `${name} needs a skills observation: ${test.name}`,
              body: 'Watch each skill, mark it satisfactory or not, and sign.',
              link: testRequestLink(id),
            });
          }
        }
      });
      await request.audit({
        entity: 'test_request',
        entityId: id,
        changed: { event: 'submit', score, written_passed: writtenPassed, status: { from: 'PENDING', to: status } },
      });
      return serializeTestRequest((await load(organization, id))!, request.user!.user.id);
    },

    /** A READY RN of the organization (not the taker) marks every observed skill and signs. */
    async observe(
      request: FastifyRequest,
      organization: RequestOrganization,
      id: number,
      input: { skills: { skill_id: string; satisfactory: boolean; comment?: string | null }[]; signature: string },
    ): Promise<TestRequestOut> {
      requireObservingNurse(request);
      const me = request.user!.user;
      const record = await load(organization, id);
      if (!record) throw notFound();
      if (record.request.employeeId === me.id) throw permissionDenied('You cannot observe your own test.');
      const notAwaiting = () =>
        new ApiError(400, 'not_awaiting_observation', 'This test is not waiting for a skills observation.');
      if (record.request.status !== 'AWAITING_OBSERVATION') throw notAwaiting();
      const { test } = record;
      const problems: Record<string, string[]> = {};
      const marked = new Map<string, { satisfactory: boolean; comment: string | null }>();
      for (const skill of input.skills) {
        if (!test.observedSkills.some((s) => s.id === skill.skill_id))
          problems.skills = [`Not a skill of this test: ${skill.skill_id}.`];
        else if (marked.has(skill.skill_id)) problems.skills = [`Marked twice: ${skill.skill_id}.`];
        else marked.set(skill.skill_id, { satisfactory: skill.satisfactory, comment: skill.comment?.trim() || null });
      }
      for (const skill of test.observedSkills) {
        if (!marked.has(skill.id)) problems[`skills.${skill.id}`] = ['Mark this skill satisfactory or not.'];
      }
      if (Object.keys(problems).length) throw invalid(problems, 'Mark every skill.');
      const signature = await requireSignature(input.signature);
      const results: SkillResult[] = test.observedSkills.map((skill) => ({
        skill_id: skill.id,
        label: skill.label,
        ...marked.get(skill.id)!,
      }));
      const status = results.every((r) => r.satisfactory) ? 'PASSED' : 'FAILED';
      const now = app.now();
      const employee = record.request.employeeId;
      await withSignatureFile(
        app,
        signature,
        { organizationId: organization.id, createdById: me.id },
        (saveSignature) =>
          inTransactionNotifying(app, async (tx, notice) => {
            const file = await saveSignature(tx);
            const updated = await tx
              .update(testRequests)
              .set({
                status,
                skillResults: results,
                observerId: me.id,
                observerSignatureFileId: file.id,
                observedAt: now,
              })
              .where(
                and(
                  eq(testRequests.id, id),
                  eq(testRequests.organizationId, organization.id),
                  eq(testRequests.status, 'AWAITING_OBSERVATION'),
                ),
              )
              .returning({ id: testRequests.id });
            if (!updated.length) throw notAwaiting();
            const title = `${test.name}: ${status === 'PASSED' ? 'passed' : 'not passed'} (skills observed by ${personName(me)})`;
            await notice({
              userId: employee,
              organizationId: organization.id,
              type: 'test_completed',
              title,
              link: testResultLink(id),
            });
            for (const adminId of await organizationAdminIds(tx as never, organization.id)) {
              await notice({
                userId: adminId,
                organizationId: organization.id,
                type: 'test_completed',
                title: `${personName(record.employee)}: ${title}`,
                link: employeeOnboardingLink(employee),
              });
            }
          }),
      );
      await request.audit({
        entity: 'test_request',
        entityId: id,
        changed: {
          event: 'observation',
          employee_id: employee,
          status: { from: 'AWAITING_OBSERVATION', to: status },
          skills: results.map((r) => ({ skill_id: r.skill_id, satisfactory: r.satisfactory })),
        },
      });
      return serializeTestRequest((await load(organization, id))!, request.user!.user.id);
    },
  };
}

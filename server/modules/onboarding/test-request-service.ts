import { alias } from 'drizzle-orm/pg-core';
import { and, count, desc, eq, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connection';
import { competencyTests, employeeProfiles, testRequests, users, type SkillResult } from '../../db/schema';
import { OFFICE, type Actor } from '../../lib/actor';
import { ApiError, invalid, permissionDenied } from '../../lib/api-error';
import { nameColumns, personName } from '../../lib/names';
import type { Listed, Page } from '../../lib/paging';
import { requireOrganization } from '../../lib/request-organization';
import {
  inTransactionNotifying,
  moveSigned,
  isObservingNurse,
  moveRequest,
  namesWithOpen,
  newQuestionOrder,
  noticeOffice,
  organizationNurseIds,
  listRequests,
  loadRequest,
  requireEmployees,
  requireObservingNurse,
  sendRequests,
  type BodyOf,
  type FilterOf,
} from './onboarding-support';
import { requireActiveSetting } from './settings-service';
import type {
  testRequestCreateSchema,
  testRequestListSchema,
  testRequestObservationSchema,
  TestRequestOut,
  testRequestSubmitSchema,
} from './test-request-schemas';

type Observation = BodyOf<typeof testRequestObservationSchema>;

/** What a test request is sent from. */
const TEST = { table: competencyTests, field: 'test_id', noun: 'competency test' };

type TestRequestRow = typeof testRequests.$inferSelect;
type TestRow = typeof competencyTests.$inferSelect;

export const testRequestLink = (id: number) => `/onboarding/test-request/${id}`;
export const testResultLink = (id: number) => `/onboarding/test-request/result?id=${id}`;
const employeeOnboardingLink = (employeeId: number) => `/employees/${employeeId}/onboarding`;
/** Observed skills apply when the test has any and the employee is a home health aide (42 CFR 484.80(c)). */
const needsObservation = (test: Pick<TestRow, 'observedSkills'>, position: string | null) =>
  test.observedSkills.length > 0 && position === 'HHA';

const observers = alias(users, 'observers');

/** Test requests with their test, employee (and position) and observer, to filter with `where`. */
function selectRecords(db: Db) {
  return db
    .select({
      request: testRequests,
      test: competencyTests,
      employee: { id: users.id, ...nameColumns(users), position: employeeProfiles.position },
      observer: { id: observers.id, ...nameColumns(observers) },
    })
    .from(testRequests)
    .innerJoin(competencyTests, eq(competencyTests.id, testRequests.testId))
    .innerJoin(users, eq(users.id, testRequests.employeeId))
    .leftJoin(employeeProfiles, eq(employeeProfiles.userId, testRequests.employeeId))
    .leftJoin(observers, eq(observers.id, testRequests.observerId));
}
type TestRequestRecord = Awaited<ReturnType<typeof selectRecords>>[number];

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

  const load = (organizationId: number, id: number, ...more: (SQL | undefined)[]) =>
    loadRequest(selectRecords(db), testRequests, organizationId, id, ...more);

  /** Who may see a request: its employee, the office, or an RN of the organization once it waits for (or had) their observation. */
  async function visibleTo(actor: Actor): Promise<SQL | undefined> {
    if (actor.can(OFFICE)) return undefined;
    const me = actor.user.id;
    if (await isObservingNurse(db, actor)) {
      return or(
        eq(testRequests.employeeId, me),
        eq(testRequests.status, 'AWAITING_OBSERVATION'),
        eq(testRequests.observerId, me),
      );
    }
    return eq(testRequests.employeeId, me);
  }

  const audit = (actor: Actor, id: number, changed: Record<string, unknown>) =>
    actor.audit({ entity: 'test_request', entityId: id, changed });

  /** The request as the actor sees it, read again after a change. */
  const reloaded = async (actor: Actor, organizationId: number, id: number) =>
    serializeTestRequest(await load(organizationId, id), actor.user.id);

  return {
    async create(actor: Actor, input: BodyOf<typeof testRequestCreateSchema>): Promise<TestRequestOut[]> {
      const organization = requireOrganization(actor);
      const test = await requireActiveSetting(db, organization.id, TEST, input.test_id);
      const employees = await requireEmployees(db, organization.id, input.employee_ids);
      const problems: string[] = [];
      if (test.positions.length) {
        const others = employees.filter((e) => !e.position || !test.positions.includes(e.position));
        if (others.length) problems.push(`This test is not for the position of ${others.map(personName).join(', ')}.`);
      }
      const open = and(
        eq(testRequests.testId, test.id),
        inArray(testRequests.status, ['PENDING', 'AWAITING_OBSERVATION']),
      )!;
      const taking = await namesWithOpen(db, testRequests, organization.id, employees, open);
      if (taking) problems.push(`Already taking this test: ${taking}.`);
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
      const rows = await sendRequests(
        app,
        actor,
        testRequests,
        { organizationId: organization.id, employees },
        (employee) => ({ testId: test.id, questionOrder: orderFor(employee.id) }),
        (row) => ({
          type: 'test_requested',
          title: `Please take the competency test: ${test.name}`,
          link: testRequestLink(row.id),
        }),
      );
      for (const row of rows)
        await audit(actor, row.id, { event: 'request', test_id: test.id, employee_id: row.employeeId });
      return rows.map((row) =>
        serializeTestRequest(
          { request: row, test, employee: employees.find((e) => e.id === row.employeeId)!, observer: null },
          actor.user.id,
        ),
      );
    },

    async list(
      actor: Actor,
      filter: FilterOf<typeof testRequestListSchema>,
      page: Page,
    ): Promise<Listed<TestRequestOut>> {
      const office = actor.can(OFFICE);
      const me = actor.user.id;
      const conditions: SQL[] = [];
      if (filter.awaiting_observation) {
        if (!office && !(await isObservingNurse(db, actor)))
          throw permissionDenied('Only a registered nurse of the organization observes skills.');
        conditions.push(eq(testRequests.status, 'AWAITING_OBSERVATION'));
        // a nurse never observes her own skills (the menu's count says the same)
        if (!office) conditions.push(ne(testRequests.employeeId, me));
      } else if (!office) {
        conditions.push(eq(testRequests.employeeId, me));
      }
      if (office && filter.employee !== undefined) conditions.push(eq(testRequests.employeeId, filter.employee));
      const { count, results } = await listRequests(
        actor,
        db,
        { table: testRequests, select: selectRecords(db) },
        { conditions, status: filter.status, page },
        {
          ...(filter.awaiting_observation ? { awaiting_observation: true } : {}),
          ...(filter.employee !== undefined ? { employee_id: filter.employee } : {}),
        },
      );
      return { count, results: results.map((row) => serializeTestRequest(row, me)) };
    },

    /** The nurse's menu count: the organization's skills checks waiting for an observation, not her own. */
    async awaitingObservationCount(actor: Actor): Promise<{ count: number }> {
      const organization = requireOrganization(actor);
      await requireObservingNurse(db, actor);
      const [row] = await db
        .select({ count: count() })
        .from(testRequests)
        .where(
          and(
            eq(testRequests.organizationId, organization.id),
            eq(testRequests.status, 'AWAITING_OBSERVATION'),
            ne(testRequests.employeeId, actor.user.id),
          ),
        );
      return { count: Number(row?.count ?? 0) };
    },

    async retrieve(actor: Actor, id: number): Promise<TestRequestOut> {
      const record = await load(requireOrganization(actor).id, id, await visibleTo(actor));
      await audit(actor, id, { event: 'read', employee_id: record.request.employeeId });
      return serializeTestRequest(record, actor.user.id);
    },

    /** The written part, once: scored at once; an HHA's written pass then waits for an RN's observation. */
    async submit(actor: Actor, id: number, input: BodyOf<typeof testRequestSubmitSchema>): Promise<TestRequestOut> {
      const organization = requireOrganization(actor);
      const me = actor.user;
      const record = await load(organization.id, id, eq(testRequests.employeeId, me.id));
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
        await moveRequest(
          tx,
          testRequests,
          { id, organizationId: organization.id, from: 'PENDING' },
          { answers, score, writtenPassed, status, submittedAt: now },
          already,
        );
        const outcome = observation
          ? 'written part passed, skills observation next'
          : writtenPassed
            ? 'passed'
            : 'not passed';
        await noticeOffice(tx, notice, {
          organizationId: organization.id,
          type: 'test_submitted',
          title: `${name} submitted ${test.name}: ${score}% (${outcome})`,
          link: employeeOnboardingLink(me.id),
        });
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
      await audit(actor, id, {
        event: 'submit',
        score,
        written_passed: writtenPassed,
        status: { from: 'PENDING', to: status },
      });
      return reloaded(actor, organization.id, id);
    },

    /** A READY RN of the organization (not the taker) marks every observed skill and signs. */
    async observe(actor: Actor, id: number, input: Observation): Promise<TestRequestOut> {
      const organization = requireOrganization(actor);
      await requireObservingNurse(db, actor);
      const me = actor.user;
      const record = await load(organization.id, id);
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
      const results: SkillResult[] = test.observedSkills.map((skill) => ({
        skill_id: skill.id,
        label: skill.label,
        ...marked.get(skill.id)!,
      }));
      const status = results.every((r) => r.satisfactory) ? 'PASSED' : 'FAILED';
      const now = app.now();
      const employee = record.request.employeeId;
      const title = `${test.name}: ${status === 'PASSED' ? 'passed' : 'not passed'} (skills observed by ${personName(me)})`;
      const from = 'AWAITING_OBSERVATION';
      await moveSigned(app, actor, testRequests, { id, organizationId: organization.id, from }, input.signature, {
        values: (file) => ({
          status,
          skillResults: results,
          observerId: me.id,
          observerSignatureFileId: file.id,
          observedAt: now,
        }),
        refused: notAwaiting,
        notify: async (tx, notice) => {
          await notice({
            userId: employee,
            organizationId: organization.id,
            type: 'test_completed',
            title,
            link: testResultLink(id),
          });
          await noticeOffice(tx, notice, {
            organizationId: organization.id,
            type: 'test_completed',
            title: `${personName(record.employee)}: ${title}`,
            link: employeeOnboardingLink(employee),
          });
        },
      });
      await audit(actor, id, {
        event: 'observation',
        employee_id: employee,
        status: { from: 'AWAITING_OBSERVATION', to: status },
        skills: results.map((r) => ({ skill_id: r.skill_id, satisfactory: r.satisfactory })),
      });
      return reloaded(actor, organization.id, id);
    },
  };
}

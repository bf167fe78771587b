import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, files, formRequests, notifications, testRequests } from '../../db/schema';
import { fileStorageOf } from '../../lib/file-storage';
import { testBackends, type Caller } from '../../test-client';
import { onboardingSuite, SIGNATURE } from './onboarding-test-kit';

/** The HHA competency test: a written part and the observed skills of 42 CFR 484.80(c). */
const HHA_TEST = {
  name: 'Home health aide competency',
  description: 'The written part, then the skills a registered nurse watches.',
  pass_mark: 60,
  questions: [
    {
      id: 'hands',
      text: 'When do you wash your hands?',
      choices: ['Once a shift', 'Before and after each contact'],
      answer: 1,
      subject: 'Infection control',
    },
    {
      id: 'pulse',
      text: 'A normal adult resting pulse is',
      choices: ['20-40', '60-100', '140-180'],
      answer: 1,
      subject: 'Vital signs',
    },
    {
      id: 'report',
      text: 'A client has new bruises. You',
      choices: ['Say nothing', 'Report it to the nurse'],
      answer: 1,
      subject: 'Reporting abuse and neglect',
    },
  ],
  observed_skills: [
    { id: 'communication', label: 'Communication skills: read, write and verbally report clinical information' },
    { id: 'vitals', label: 'Reading and recording temperature, pulse and respiration' },
    { id: 'hygiene', label: 'Personal hygiene and grooming' },
    { id: 'transfer', label: 'Safe transfer techniques and ambulation' },
    { id: 'motion', label: 'Normal range of motion and positioning' },
    { id: 'nutrition', label: 'Adequate nutrition and fluid intake' },
  ],
};
const RIGHT = { hands: 1, pulse: 1, report: 1 };
const WRONG = { hands: 0, pulse: 0, report: 1 };
const allSkills = (satisfactory: (id: string) => boolean) =>
  HHA_TEST.observed_skills.map((s) => ({
    skill_id: s.id,
    satisfactory: satisfactory(s.id),
    comment: satisfactory(s.id) ? null : 'Needs practice',
  }));

for (const backend of testBackends()) {
  describe(`competency test requests (${backend})`, () => {
    const { t, admin, harborAdmin, nurse, aide, newhire, client, marketer } = onboardingSuite(backend);
    let testId: number;
    let aideRequest: number;

    const send = (employeeIds: number[], test = testId) =>
      admin.post('/api/onboarding/test-requests/', { test_id: test, employee_ids: employeeIds });
    const get = (id: number, session: Caller) => session.get(`/api/onboarding/test-requests/${id}/`);
    const submit = (id: number, session: Caller, answers: object) =>
      session.post(`/api/onboarding/test-requests/${id}/submit/`, { answers });
    const observe = (id: number, session: Caller, payload: object) =>
      session.post(`/api/onboarding/test-requests/${id}/observation/`, payload);

    beforeAll(async () => {
      const created = await admin.post('/api/onboarding/competency-tests/', HHA_TEST);
      expect(created.statusCode).toBe(201);
      testId = created.json().id;
    });

    it('sends the test: the aide is notified with the link and by mail, audited', async () => {
      const created = await send([aide.user.id]);
      expect(created.statusCode).toBe(201);
      const [request] = created.json();
      aideRequest = request.id;
      expect(request).toMatchObject({
        status: 'PENDING',
        score: null,
        written_passed: null,
        skill_results: [],
        observer: null,
        submitted_at: null,
      });
      expect(request.employee).toEqual({ id: aide.user.id, name: 'Ada Lindqvist', position: 'HHA' });
      const [notice] = await t.notificationsOf(aide.user.id, 'test_requested');
      expect(notice).toMatchObject({
        title: 'Please take the competency test: Home health aide competency',
        link: `/onboarding/test-request/${aideRequest}`,
      });
      expect((await t.waitForMail('aide@sunrise.example')).text).toContain(`/onboarding/test-request/${aideRequest}`);
      expect(await t.auditsOf('test_requests_create')).toHaveLength(1);
      expect((await send([aide.user.id])).json().fields.employee_ids[0]).toContain('Ada Lindqvist');
    });

    it('is all or nothing', async () => {
      const before = (await t.database.db.select().from(testRequests)).length;
      for (const ids of [
        [newhire.user.id, admin.user.id],
        [newhire.user.id, harborAdmin.user.id],
        [newhire.user.id, 424242],
      ]) {
        const refused = await send(ids);
        expect(refused.statusCode).toBe(400);
        expect(Object.keys(refused.json().fields)).toEqual(['employee_ids']);
      }
      const harborTest = await harborAdmin.post('/api/onboarding/test-requests/', {
        test_id: testId,
        employee_ids: [harborAdmin.user.id],
      });
      expect(Object.keys(harborTest.json().fields)).toEqual(['test_id']);
      expect((await t.database.db.select().from(testRequests)).length).toBe(before);
      expect(await t.notificationsOf(newhire.user.id, 'test_requested')).toHaveLength(0);
    });

    it('hides the answers until submitted', async () => {
      const response = await get(aideRequest, aide);
      expect(response.statusCode).toBe(200);
      const { test } = response.json();
      const byId = (questions: { id: string }[]) => [...questions].sort((a, b) => a.id.localeCompare(b.id));
      expect(byId(test.questions)).toEqual(
        byId(HHA_TEST.questions.map(({ id, text, choices }) => ({ id, text, choices }))),
      );
      expect(response.body).not.toContain('"answer"');
      expect(test.observed_skills).toEqual(HHA_TEST.observed_skills);
    });

    it('needs every question answered with a real choice', async () => {
      const missing = await submit(aideRequest, aide, { hands: 1 });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().fields).toEqual({
        'answers.pulse': ['Choose an answer.'],
        'answers.report': ['Choose an answer.'],
      });
      const outOfRange = await submit(aideRequest, aide, { ...RIGHT, pulse: 7 });
      expect(outOfRange.json().fields).toEqual({ 'answers.pulse': ['Not a valid choice.'] });
      expect((await get(aideRequest, aide)).json().status).toBe('PENDING');
    });

    it("an HHA's written pass waits for an RN's observation; RNs and admins are told", async () => {
      expect((await submit(aideRequest, nurse, RIGHT)).statusCode).toBe(404);
      const submitted = await submit(aideRequest, aide, RIGHT);
      expect(submitted.statusCode).toBe(200);
      const body = submitted.json();
      expect(body).toMatchObject({ status: 'AWAITING_OBSERVATION', score: 100, written_passed: true, observer: null });
      expect(body.submitted_at).toEqual(expect.any(String));
      // the taker learns the score, not which answers were right
      expect(body.test.questions.map((q: object) => Object.keys(q).sort())).toEqual([
        ['choices', 'id', 'text'],
        ['choices', 'id', 'text'],
        ['choices', 'id', 'text'],
      ]);
      expect(body.review_subjects).toEqual([]);
      expect(submitted.body).not.toContain('"answer"');
      // the office sees what was chosen
      const office = (await get(aideRequest, admin)).json();
      expect(office.test.questions.find((q: { id: string }) => q.id === 'hands')).toEqual({
        id: 'hands',
        text: HHA_TEST.questions[0].text,
        choices: HHA_TEST.questions[0].choices,
        chosen: 1,
        correct: true,
      });

      const [observation] = await t.notificationsOf(nurse.user.id, 'test_observation_needed');
      expect(observation).toMatchObject({ link: `/onboarding/test-request/${aideRequest}` });
      expect(observation.title).toContain('Ada Lindqvist');
      const observationMail = await t.waitForMail('nurse@sunrise.example');
      expect(observationMail.subject).toBe('A skills observation is waiting for you');
      expect(observationMail.text).not.toContain('Ada');
      const [submittedNotice] = await t.notificationsOf(admin.user.id, 'test_submitted');
      expect(submittedNotice.title).toContain('100%');
      expect(await t.notificationsOf(aide.user.id, 'test_observation_needed')).toHaveLength(0);
      expect(await t.auditsOf('test_requests_submit_create')).toHaveLength(1);

      const again = await submit(aideRequest, aide, RIGHT);
      expect(again.statusCode).toBe(400);
      expect(again.json().code).toBe('already_submitted');
    });

    it('the RN finds it among those awaiting observation; others may not ask for that list', async () => {
      const list = await nurse.get('/api/onboarding/test-requests/?awaiting_observation=true');
      expect(list.statusCode).toBe(200);
      expect(list.json().results.map((r: { id: number }) => r.id)).toEqual([aideRequest]);
      expect((await get(aideRequest, nurse)).statusCode).toBe(200);
      expect((await aide.get('/api/onboarding/test-requests/?awaiting_observation=true')).statusCode).toBe(403);
      expect((await newhire.get('/api/onboarding/test-requests/?awaiting_observation=true')).statusCode).toBe(403);
      // the nurse's own list stays her own
      const own = async (session: Caller) =>
        (await session.get('/api/onboarding/test-requests/')).json().results as {
          id: number;
          employee: { id: number };
        }[];
      expect((await own(nurse)).every((r) => r.employee.id === nurse.user.id)).toBe(true);
      expect((await own(aide)).map((r) => r.id)).toContain(aideRequest);
      expect((await own(aide)).every((r) => r.employee.id === aide.user.id)).toBe(true);
      const [audit] = await t.auditsOf('test_requests_retrieve');
      expect(audit).toMatchObject({ actorId: nurse.user.id, entityId: String(aideRequest) });
    });

    it("counts the skills checks waiting for the nurse (her menu's count) without reading or auditing a record; only a READY RN may ask", async () => {
      const countUrl = '/api/onboarding/test-requests/awaiting-observation/count/';
      const audits = (await t.database.db.select().from(auditLog)).length;
      const counted = await nurse.get(countUrl);
      expect(counted.statusCode).toBe(200);
      expect(counted.json()).toEqual({ count: 1 });
      expect((await t.database.db.select().from(auditLog)).length).toBe(audits);
      for (const other of [aide, newhire, admin, client]) expect((await other.get(countUrl)).statusCode).toBe(403);
      // a READY employee who is not a registered nurse, with nothing due (her one form signed, waiting for the office)
      const [due] = await t.database.db
        .select()
        .from(formRequests)
        .where(and(eq(formRequests.employeeId, aide.user.id), eq(formRequests.status, 'PENDING')));
      await t.database.db
        .update(formRequests)
        .set({ status: 'AWAITING_COUNTERSIGN' })
        .where(eq(formRequests.id, due.id));
      try {
        const refused = await aide.get(countUrl);
        expect(refused.statusCode).toBe(403);
        expect(refused.json().code).toBe('permission_denied');
      } finally {
        await t.database.db.update(formRequests).set({ status: 'PENDING' }).where(eq(formRequests.id, due.id));
      }
    });

    it('only a READY RN of the organization records the observation (403 for others)', async () => {
      const payload = { skills: allSkills(() => true), signature: SIGNATURE };
      expect((await observe(aideRequest, aide, payload)).statusCode).toBe(403);
      expect((await observe(aideRequest, newhire, payload)).statusCode).toBe(403);
      expect((await observe(aideRequest, admin, payload)).statusCode).toBe(403);
      expect((await observe(aideRequest, client, payload)).statusCode).toBe(403);
      expect((await observe(aideRequest, harborAdmin, payload)).statusCode).toBe(403);
      expect((await get(aideRequest, newhire)).statusCode).toBe(404);
    });

    it('needs every skill marked and a signature', async () => {
      const some = await observe(aideRequest, nurse, {
        skills: allSkills(() => true).slice(0, 4),
        signature: SIGNATURE,
      });
      expect(some.statusCode).toBe(400);
      expect(Object.keys(some.json().fields).sort()).toEqual(['skills.motion', 'skills.nutrition']);
      const unknown = await observe(aideRequest, nurse, {
        skills: [...allSkills(() => true), { skill_id: 'juggling', satisfactory: true }],
        signature: SIGNATURE,
      });
      expect(Object.keys(unknown.json().fields)).toEqual(['skills']);
      const unsigned = await observe(aideRequest, nurse, { skills: allSkills(() => true), signature: '' });
      expect(unsigned.json().fields).toEqual({ signature: ['Sign before submitting.'] });
      expect((await get(aideRequest, aide)).json().status).toBe('AWAITING_OBSERVATION');
    });

    it('all satisfactory with the RN’s signature: PASSED; the employee and admins are told', async () => {
      const observed = await observe(aideRequest, nurse, { skills: allSkills(() => true), signature: SIGNATURE });
      expect(observed.statusCode).toBe(200);
      const body = observed.json();
      expect(body).toMatchObject({
        status: 'PASSED',
        observer: { id: nurse.user.id, name: 'Nora Okafor' },
        score: 100,
      });
      expect(body.observed_at).toEqual(expect.any(String));
      expect(body.skill_results).toHaveLength(6);
      expect(body.skill_results[1]).toEqual({
        skill_id: 'vitals',
        label: HHA_TEST.observed_skills[1].label,
        satisfactory: true,
        comment: null,
      });
      const [row] = await t.database.db.select().from(testRequests).where(eq(testRequests.id, aideRequest));
      expect(row).toMatchObject({ observerId: nurse.user.id, legacyObserverSignature: null });
      // the signature is a stored file, drawn by the nurse
      const [file] = await t.database.db.select().from(files).where(eq(files.id, row.observerSignatureFileId!));
      expect(file).toMatchObject({
        contentType: 'image/png',
        createdById: nurse.user.id,
        organizationId: row.organizationId,
      });
      expect((await fileStorageOf(t.app).get(file.storageKey))?.toString('base64')).toBe(SIGNATURE.split(',')[1]);

      const [toAide] = await t.notificationsOf(aide.user.id, 'test_completed');
      expect(toAide).toMatchObject({ link: `/onboarding/test-request/result?id=${aideRequest}` });
      expect(toAide.title).toContain('passed');
      const [toAdmin] = await t.notificationsOf(admin.user.id, 'test_completed');
      expect(toAdmin.link).toBe(`/employees/${aide.user.id}/onboarding`);
      expect((await t.waitForMail('aide@sunrise.example')).subject).toBe('A competency test has its result');
      const [audit] = await t.auditsOf('test_requests_observation_create');
      expect(audit).toMatchObject({ actorId: nurse.user.id, entityId: String(aideRequest) });

      const twice = await observe(aideRequest, nurse, { skills: allSkills(() => true), signature: SIGNATURE });
      expect(twice.json().code).toBe('not_awaiting_observation');
      expect((await nurse.get('/api/onboarding/test-requests/?awaiting_observation=true')).json().count).toBe(0);
      expect((await nurse.get('/api/onboarding/test-requests/awaiting-observation/count/')).json()).toEqual({
        count: 0,
      });
      // the checklist sees the passed test
      const checklist = (await aide.get('/api/onboarding/checklist/')).json();
      expect(checklist.tests).toContainEqual(
        expect.objectContaining({ id: aideRequest, status: 'PASSED', score: 100, pass_mark: 60 }),
      );
    });

    it('one skill not satisfactory: FAILED', async () => {
      const [request] = (await send([aide.user.id])).json();
      await submit(request.id, aide, RIGHT);
      const observed = await observe(request.id, nurse, {
        skills: allSkills((id) => id !== 'transfer'),
        signature: SIGNATURE,
      });
      expect(observed.json()).toMatchObject({ status: 'FAILED', written_passed: true });
      expect(observed.json().skill_results.find((r: { skill_id: string }) => r.skill_id === 'transfer')).toMatchObject({
        satisfactory: false,
        comment: 'Needs practice',
      });
    });

    it('a written fail is FAILED at once with the score and the subjects to review, never the answers; a retake is a new attempt from the office, in a new order', async () => {
      const [forNewhire] = (await send([newhire.user.id])).json();
      const failed = await submit(forNewhire.id, newhire, WRONG);
      expect(failed.statusCode).toBe(200);
      expect(failed.json()).toMatchObject({ status: 'FAILED', score: 33, written_passed: false });
      expect([...failed.json().review_subjects].sort()).toEqual(['Infection control', 'Vital signs']);
      for (const answer of [failed.json(), (await get(forNewhire.id, newhire)).json()]) {
        for (const question of answer.test.questions) {
          expect(question).not.toHaveProperty('correct');
          expect(question).not.toHaveProperty('chosen');
        }
      }
      // no retake of the same attempt
      const again = await submit(forNewhire.id, newhire, RIGHT);
      expect(again.statusCode).toBe(400);
      expect(again.json().code).toBe('already_submitted');
      // the office assigns a new attempt: the questions come in another order than the failed one's
      const order = (request: { test: { questions: { id: string }[] } }) =>
        request.test.questions.map((q) => q.id).join(',');
      let previous = order(failed.json());
      for (let retake = 0; retake < 4; retake++) {
        const [next] = (await send([newhire.user.id])).json();
        expect(order(next)).not.toBe(previous);
        previous = order(next);
        expect((await submit(next.id, newhire, WRONG)).json().status).toBe('FAILED');
      }

      const [forAide] = (await send([aide.user.id])).json();
      const before = (await t.notificationsOf(nurse.user.id, 'test_observation_needed')).length;
      expect((await submit(forAide.id, aide, WRONG)).json()).toMatchObject({ status: 'FAILED', written_passed: false });
      expect(await t.notificationsOf(nurse.user.id, 'test_observation_needed')).toHaveLength(before);
    });

    it('observed skills apply only to HHAs: another position passes on the written part', async () => {
      const [request] = (await send([newhire.user.id])).json();
      expect(request.employee.position).toBe('HCC');
      const passed = await submit(request.id, newhire, RIGHT);
      expect(passed.json()).toMatchObject({ status: 'PASSED', score: 100, written_passed: true, observer: null });
      const [notice] = await t.notificationsOf(admin.user.id, 'test_submitted');
      expect(notice.title).toContain('Noah Patel');
    });

    it('keeps requests to their employee and organization; admins read them, audited; clients and marketers get 403', async () => {
      expect((await get(aideRequest, newhire)).statusCode).toBe(404);
      expect((await get(aideRequest, harborAdmin)).statusCode).toBe(404);
      const read = await get(aideRequest, admin);
      expect(read.statusCode).toBe(200);
      const [audit] = await t.auditsOf('test_requests_retrieve');
      expect(audit).toMatchObject({ actorId: admin.user.id, entityId: String(aideRequest) });
      const all = (await admin.get(`/api/onboarding/test-requests/?employee=${aide.user.id}`)).json();
      expect(all.results.map((r: { id: number }) => r.id)).toContain(aideRequest);
      expect(all.results.every((r: { employee: { id: number } }) => r.employee.id === aide.user.id)).toBe(true);
      expect(all.count).toBeGreaterThanOrEqual(3);
      expect((await harborAdmin.get('/api/onboarding/test-requests/')).json().count).toBe(0);
      for (const who of [client, marketer]) {
        expect((await who.get('/api/onboarding/test-requests/')).statusCode).toBe(403);
        expect((await get(aideRequest, who)).statusCode).toBe(403);
        expect((await submit(aideRequest, who, RIGHT)).statusCode).toBe(403);
        expect((await observe(aideRequest, who, { skills: [], signature: SIGNATURE })).statusCode).toBe(403);
        expect(
          (await who.post('/api/onboarding/test-requests/', { test_id: testId, employee_ids: [aide.user.id] }))
            .statusCode,
        ).toBe(403);
      }
      expect((await submit(aideRequest, admin, RIGHT)).statusCode).toBe(403);
      expect(
        (await aide.post('/api/onboarding/test-requests/', { test_id: testId, employee_ids: [aide.user.id] }))
          .statusCode,
      ).toBe(403);
      // (the demo client has a notice of her work-service review, nothing of competency tests)
      const notices = await t.database.db.select().from(notifications).where(eq(notifications.userId, client.user.id));
      expect(notices.filter((n) => n.type.startsWith('test_'))).toHaveLength(0);
    });
  });
}

import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { formTemplates } from '../../db/schema';
import { testBackends } from '../../test-client';
import { onboardingSuite } from './onboarding-test-kit';

const TEMPLATE = {
  name: 'Direct deposit',
  description: 'Where your pay goes.',
  fields: [
    { key: 'bank_name', label: 'Bank', type: 'text', required: true },
    { key: 'account_type', label: 'Account type', type: 'select', required: true, options: ['Checking', 'Savings'] },
    { key: 'start_on', label: 'Start on', type: 'date', required: false },
  ],
  signers: ['EMPLOYEE'],
};

const TEST = {
  name: 'Infection control',
  pass_mark: 75,
  questions: [
    { text: 'When do you wash your hands?', choices: ['Before and after each contact', 'Once a day'], answer: 0 },
    { id: 'gloves', text: 'Gloves replace hand washing.', choices: ['True', 'False'], answer: 1 },
  ],
  observed_skills: [{ label: 'Hand washing' }],
  positions: ['HHA', 'CNA'],
};

for (const backend of testBackends()) {
  describe(`onboarding settings (${backend})`, () => {
    const { t, admin, master, harborAdmin, nurse, newhire, client, marketer } = onboardingSuite(backend);
    let harborTemplateId: number;

    beforeAll(async () => {
      const [harbor] = await t.database.db
        .select()
        .from(formTemplates)
        .where(eq(formTemplates.name, 'Harbor orientation acknowledgment'));
      harborTemplateId = harbor.id;
    });

    it('creates a form template with checked fields, lists, retrieves and changes it, each change audited', async () => {
      const created = await admin.post('/api/onboarding/form-templates/', TEMPLATE);
      expect(created.statusCode).toBe(201);
      const template = created.json();
      expect(template).toMatchObject({
        ...TEMPLATE,
        required: true,
        assign_on_hire: false,
        active: true,
        updated_at: null,
      });
      expect(template.fields[0]).not.toHaveProperty('options');

      const list = (await admin.get('/api/onboarding/form-templates/')).json();
      expect(list.results.map((r: { name: string }) => r.name)).toEqual([
        'Confidentiality (HIPAA) agreement',
        'Direct deposit',
        'Emergency contact',
        'Employment eligibility attestation',
      ]);
      expect(list).toMatchObject({ count: 4, next: null, previous: null });
      expect((await admin.get('/api/onboarding/form-templates/?limit=1&offset=1')).json().next).toBe(
        'http://portal.test/api/onboarding/form-templates/?limit=1&offset=2',
      );

      expect((await admin.get(`/api/onboarding/form-templates/${template.id}/`)).json()).toEqual(template);
      const changed = await admin.patch(`/api/onboarding/form-templates/${template.id}/`, {
        signers: ['EMPLOYEE', 'ADMIN'],
        active: false,
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toMatchObject({ signers: ['EMPLOYEE', 'ADMIN'], active: false });
      expect(changed.json().updated_at).not.toBeNull();
      expect((await admin.get('/api/onboarding/form-templates/?active=false')).json().count).toBe(1);

      const [update] = await t.auditsOf('form_templates_partial_update');
      expect(update).toMatchObject({ actorId: admin.user.id, entity: 'form_template', entityId: String(template.id) });
      expect(update.changedFields).toEqual({
        signers: { from: ['EMPLOYEE'], to: ['EMPLOYEE', 'ADMIN'] },
        active: { from: true, to: false },
      });
      expect(await t.auditsOf('form_templates_create')).toHaveLength(1);
    });

    it('refuses bad fields, naming each one', async () => {
      const bad = await admin.post('/api/onboarding/form-templates/', {
        name: 'Bad',
        fields: [
          { key: 'Bad Key', label: 'One', type: 'text', required: true },
          { key: 'same', label: 'Two', type: 'text', required: true },
          { key: 'same', label: 'Three', type: 'text', required: false },
          { key: 'pick', label: 'Four', type: 'select', required: true },
        ],
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toEqual({
        'fields.0.key': [expect.any(String)],
        'fields.2.key': ['Each field needs its own key.'],
        'fields.3.options': [expect.any(String)],
      });
      const badType = await admin.post('/api/onboarding/form-templates/', {
        name: 'Bad',
        fields: [{ key: 'x', label: 'X', type: 'file', required: true }],
      });
      expect(badType.statusCode).toBe(400);
      expect(Object.keys(badType.json().fields)).toEqual(['fields.0.type']);
      for (const signers of [['ADMIN'], [], ['EMPLOYEE', 'CLIENT']]) {
        const badSigners = await admin.post('/api/onboarding/form-templates/', { name: 'Bad', fields: [], signers });
        expect(badSigners.statusCode).toBe(400);
        expect(Object.keys(badSigners.json().fields)[0]).toMatch(/^signers/);
      }
      expect((await admin.post('/api/onboarding/form-templates/', { name: '  ', fields: [] })).json().fields).toEqual({
        name: ['This field may not be blank.'],
      });
    });

    it('manages note types and document types', async () => {
      const note = await admin.post('/api/onboarding/note-types/', { name: 'Exit interview' });
      expect(note.statusCode).toBe(201);
      expect(note.json()).toMatchObject({ name: 'Exit interview', active: true });
      const retired = await admin.patch(`/api/onboarding/note-types/${note.json().id}/`, { active: false });
      expect(retired.json().active).toBe(false);
      expect((await admin.get('/api/onboarding/note-types/?active=true')).json().results).not.toContainEqual(
        expect.objectContaining({ name: 'Exit interview' }),
      );

      const type = await admin.post('/api/onboarding/document-types/', {
        name: 'CPR card',
        requires_expiry: true,
        positions: ['HHA', 'RN'],
      });
      expect(type.statusCode).toBe(201);
      expect(type.json()).toMatchObject({
        name: 'CPR card',
        required: true,
        requires_expiry: true,
        positions: ['HHA', 'RN'],
        active: true,
      });
      const badPosition = await admin.patch(`/api/onboarding/document-types/${type.json().id}/`, {
        positions: ['PILOT'],
      });
      expect(badPosition.statusCode).toBe(400);
      expect(Object.keys(badPosition.json().fields)).toEqual(['positions.0']);
      const list = (await admin.get('/api/onboarding/document-types/')).json();
      expect(list.results.map((r: { name: string }) => r.name)).toContain('CPR card');
      expect(await t.auditsOf('note_types_partial_update')).toHaveLength(1);
      expect(await t.auditsOf('document_types_create')).toHaveLength(1);
    });

    it('creates a competency test, numbering what has no id, and checks questions and pass mark', async () => {
      const created = await admin.post('/api/onboarding/competency-tests/', TEST);
      expect(created.statusCode).toBe(201);
      const test = created.json();
      expect(test.questions.map((q: { id: string }) => q.id)).toEqual(['q1', 'gloves']);
      expect(test.questions[1]).toEqual({
        id: 'gloves',
        text: 'Gloves replace hand washing.',
        choices: ['True', 'False'],
        answer: 1,
      });
      expect(test.observed_skills).toEqual([{ id: 's1', label: 'Hand washing' }]);
      expect(test).toMatchObject({ pass_mark: 75, positions: ['HHA', 'CNA'], active: true, description: '' });
      expect((await admin.get(`/api/onboarding/competency-tests/${test.id}/`)).json()).toEqual(test);

      const bad = await admin.post('/api/onboarding/competency-tests/', {
        ...TEST,
        pass_mark: 0,
        questions: [{ text: 'Only one', choices: ['Yes'], answer: 0 }],
      });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().fields).sort()).toEqual(['pass_mark', 'questions.0.choices']);
      const wrongAnswer = await admin.post('/api/onboarding/competency-tests/', {
        ...TEST,
        questions: [
          { id: 'a', text: 'One', choices: ['Yes', 'No'], answer: 2 },
          { id: 'a', text: 'Two', choices: ['Yes', 'No'], answer: 0 },
        ],
      });
      expect(wrongAnswer.json().fields).toEqual({
        'questions.0.answer': [expect.any(String)],
        'questions.1.id': [expect.any(String)],
      });
      const noQuestions = await admin.post('/api/onboarding/competency-tests/', { ...TEST, questions: [] });
      expect(Object.keys(noQuestions.json().fields)).toEqual(['questions']);
      expect((await admin.patch(`/api/onboarding/competency-tests/${test.id}/`, { pass_mark: 101 })).statusCode).toBe(
        400,
      );

      const changed = await admin.patch(`/api/onboarding/competency-tests/${test.id}/`, { pass_mark: 50 });
      expect(changed.json().pass_mark).toBe(50);
      const list = (await admin.get('/api/onboarding/competency-tests/')).json();
      expect(list.results.map((r: { name: string }) => r.name)).toContain('Infection control');
    });

    it('works for the master in the header’s organization, and needs that header', async () => {
      const list = await master.in('sunrise').get('/api/onboarding/form-templates/');
      expect(list.statusCode).toBe(200);
      expect(list.json().results.every((r: { name: string }) => r.name !== 'Harbor orientation acknowledgment')).toBe(
        true,
      );
      const harbor = (await master.in('harbor').get('/api/onboarding/form-templates/')).json();
      expect(harbor.results.map((r: { name: string }) => r.name)).toEqual(['Harbor orientation acknowledgment']);
      const none = await master.get('/api/onboarding/form-templates/');
      expect(none.statusCode).toBe(400);
      expect(none.json().code).toBe('organization_required');
    });

    it('never crosses organizations: another organization’s ids are 404', async () => {
      expect((await admin.get(`/api/onboarding/form-templates/${harborTemplateId}/`)).statusCode).toBe(404);
      expect(
        (await admin.patch(`/api/onboarding/form-templates/${harborTemplateId}/`, { name: 'Taken' })).statusCode,
      ).toBe(404);
      expect((await master.in('sunrise').get(`/api/onboarding/form-templates/${harborTemplateId}/`)).statusCode).toBe(
        404,
      );
      expect((await harborAdmin.get(`/api/onboarding/form-templates/${harborTemplateId}/`)).statusCode).toBe(200);
      const sunriseTests = (await admin.get('/api/onboarding/competency-tests/')).json().results;
      expect((await harborAdmin.get(`/api/onboarding/competency-tests/${sunriseTests[0].id}/`)).statusCode).toBe(404);
      expect((await harborAdmin.in('sunrise').get('/api/onboarding/form-templates/')).statusCode).toBe(403);
    });

    it('refuses employees, clients and marketers (403) and the signed-out (401)', async () => {
      for (const who of [nurse, newhire, client, marketer]) {
        for (const url of ['form-templates', 'note-types', 'document-types', 'competency-tests']) {
          expect((await who.get(`/api/onboarding/${url}/`)).statusCode).toBe(403);
          expect((await who.post(`/api/onboarding/${url}/`, { name: 'X' })).statusCode).toBe(403);
        }
      }
      expect((await t.anonymous.get('/api/onboarding/form-templates/')).statusCode).toBe(401);
    });
  });
}

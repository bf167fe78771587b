import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  competencyTests,
  documentTypes,
  formTemplates,
  noteTypes,
  type FormField,
  type ObservedSkill,
  type TestQuestion,
} from '../../db/schema';
import { invalid, notFound } from '../../lib/api-error';
import type { Page } from '../../lib/paging';
import type { RequestOrganization } from '../../types';
import type {
  CompetencyTestChanges,
  CompetencyTestInput,
  CompetencyTestOut,
  DocumentTypeChanges,
  DocumentTypeInput,
  DocumentTypeOut,
  FormTemplateChanges,
  FormTemplateInput,
  FormTemplateOut,
  NoteTypeChanges,
  NoteTypeOut,
} from './settings-schemas';

type FormTemplateRow = typeof formTemplates.$inferSelect;
type NoteTypeRow = typeof noteTypes.$inferSelect;
type DocumentTypeRow = typeof documentTypes.$inferSelect;
type CompetencyTestRow = typeof competencyTests.$inferSelect;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function serializeFormTemplate(row: FormTemplateRow): FormTemplateOut {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    fields: row.fields,
    signers: row.signers,
    required: row.required,
    assign_on_hire: row.assignOnHire,
    active: row.active,
    created_at: row.createdAt.toISOString(),
    updated_at: iso(row.updatedAt),
  };
}

export function serializeNoteType(row: NoteTypeRow): NoteTypeOut {
  return { id: row.id, name: row.name, active: row.active, created_at: row.createdAt.toISOString() };
}

export function serializeDocumentType(row: DocumentTypeRow): DocumentTypeOut {
  return {
    id: row.id,
    name: row.name,
    required: row.required,
    requires_expiry: row.requiresExpiry,
    positions: row.positions,
    active: row.active,
    created_at: row.createdAt.toISOString(),
  };
}

export function serializeCompetencyTest(row: CompetencyTestRow): CompetencyTestOut {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    pass_mark: row.passMark,
    questions: row.questions,
    observed_skills: row.observedSkills,
    positions: row.positions,
    active: row.active,
    created_at: row.createdAt.toISOString(),
    updated_at: iso(row.updatedAt),
  };
}

const FIELD_KEY = /^[a-z][a-z0-9_]*$/;

/** Field keys unique and lower snake case; options (unique, at least one) for selects and only for them. */
export function checkedFields(fields: FormTemplateInput['fields']): FormField[] {
  const problems: Record<string, string[]> = {};
  const seen = new Set<string>();
  const result = fields.map((field, index) => {
    const at = `fields.${index}`;
    const key = field.key.trim();
    if (!FIELD_KEY.test(key))
      problems[`${at}.key`] = ['Use lower case letters, digits and _ , starting with a letter.'];
    else if (seen.has(key)) problems[`${at}.key`] = ['Each field needs its own key.'];
    seen.add(key);
    const label = field.label.trim();
    if (!label) problems[`${at}.label`] = ['This field may not be blank.'];
    const out: FormField = { key, label, type: field.type, required: field.required };
    if (field.type === 'select') {
      const options = (field.options ?? []).map((o) => o.trim());
      if (!options.length || options.some((o) => !o))
        problems[`${at}.options`] = ['A select needs at least one option, none blank.'];
      else if (new Set(options).size !== options.length) problems[`${at}.options`] = ['Options must differ.'];
      out.options = options;
    }
    return out;
  });
  if (Object.keys(problems).length) throw invalid(problems);
  return result;
}

/** Questions with 2+ choices and a valid answer; question and skill ids unique (missing ones numbered). */
export function checkedTest(
  questions: CompetencyTestInput['questions'],
  skills: NonNullable<CompetencyTestInput['observed_skills']>,
) {
  const problems: Record<string, string[]> = {};
  const numbered = <T extends { id?: string }>(items: T[], prefix: string, field: string) => {
    const taken = new Set<string>();
    items.forEach((item, index) => {
      if (item.id === undefined) return;
      if (taken.has(item.id)) problems[`${field}.${index}.id`] = ['Each one needs its own id.'];
      taken.add(item.id);
    });
    let next = 1;
    return items.map((item) => {
      if (item.id !== undefined) return item.id;
      while (taken.has(`${prefix}${next}`)) next++;
      taken.add(`${prefix}${next}`);
      return `${prefix}${next}`;
    });
  };
  const questionIds = numbered(questions, 'q', 'questions');
  const skillIds = numbered(skills, 's', 'observed_skills');
  const outQuestions: TestQuestion[] = questions.map((question, index) => {
    const choices = question.choices.map((c) => c.trim());
    if (!question.text.trim()) problems[`questions.${index}.text`] = ['This field may not be blank.'];
    if (choices.length < 2 || choices.some((c) => !c))
      problems[`questions.${index}.choices`] = ['Give at least two choices, none blank.'];
    if (question.answer >= choices.length)
      problems[`questions.${index}.answer`] = ['The answer must be one of the choices.'];
    const subject = question.subject?.trim();
    return {
      id: questionIds[index],
      text: question.text.trim(),
      choices,
      answer: question.answer,
      ...(subject ? { subject } : {}),
    };
  });
  const outSkills: ObservedSkill[] = skills.map((skill, index) => {
    if (!skill.label.trim()) problems[`observed_skills.${index}.label`] = ['This field may not be blank.'];
    return { id: skillIds[index], label: skill.label.trim() };
  });
  if (Object.keys(problems).length) throw invalid(problems);
  return { questions: outQuestions, observedSkills: outSkills };
}

/** The employee always signs; the office may countersign. */
function checkedSigners(signers: readonly string[]): string[] {
  if (!signers.includes('EMPLOYEE'))
    throw invalid({ signers: ["The employee always signs: ['EMPLOYEE'] or ['EMPLOYEE', 'ADMIN']."] });
  return signers.includes('ADMIN') ? ['EMPLOYEE', 'ADMIN'] : ['EMPLOYEE'];
}

function blankName(name: string | undefined): string | undefined {
  if (name === undefined) return undefined;
  const trimmed = name.trim();
  if (!trimmed) throw invalid({ name: ['This field may not be blank.'] });
  return trimmed;
}

/** Only the fields that differ, as {from, to}, for the audit row. */
function differences(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, { from: unknown; to: unknown }> {
  const changed: Record<string, { from: unknown; to: unknown }> = {};
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined) continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(value)) changed[key] = { from: before[key], to: value };
  }
  return changed;
}

/** The onboarding settings of the request's organization: every query carries its organization filter. */
export function createSettingsService(app: FastifyInstance) {
  const db = app.db;

  async function pageOf<T>(
    table: typeof formTemplates | typeof noteTypes | typeof documentTypes | typeof competencyTests,
    organizationId: number,
    active: boolean | undefined,
    page: Page,
    serialize: (row: never) => T,
  ): Promise<{ count: number; results: T[] }> {
    const conditions: SQL[] = [eq(table.organizationId, organizationId)];
    if (active !== undefined) conditions.push(eq(table.active, active));
    const where = and(...conditions);
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(table)
        .where(where)
        .orderBy(asc(table.name), asc(table.id))
        .limit(page.limit)
        .offset(page.offset),
      db.select({ count: count() }).from(table).where(where),
    ]);
    return { count: Number(total?.count ?? 0), results: rows.map((row) => serialize(row as never)) };
  }

  async function findTemplate(organization: RequestOrganization, id: number): Promise<FormTemplateRow> {
    const [row] = await db
      .select()
      .from(formTemplates)
      .where(and(eq(formTemplates.id, id), eq(formTemplates.organizationId, organization.id)))
      .limit(1);
    if (!row) throw notFound();
    return row;
  }
  async function findNoteType(organization: RequestOrganization, id: number): Promise<NoteTypeRow> {
    const [row] = await db
      .select()
      .from(noteTypes)
      .where(and(eq(noteTypes.id, id), eq(noteTypes.organizationId, organization.id)))
      .limit(1);
    if (!row) throw notFound();
    return row;
  }
  async function findDocumentType(organization: RequestOrganization, id: number): Promise<DocumentTypeRow> {
    const [row] = await db
      .select()
      .from(documentTypes)
      .where(and(eq(documentTypes.id, id), eq(documentTypes.organizationId, organization.id)))
      .limit(1);
    if (!row) throw notFound();
    return row;
  }
  async function findTest(organization: RequestOrganization, id: number): Promise<CompetencyTestRow> {
    const [row] = await db
      .select()
      .from(competencyTests)
      .where(and(eq(competencyTests.id, id), eq(competencyTests.organizationId, organization.id)))
      .limit(1);
    if (!row) throw notFound();
    return row;
  }

  return {
    listFormTemplates: (organization: RequestOrganization, active: boolean | undefined, page: Page) =>
      pageOf(formTemplates, organization.id, active, page, serializeFormTemplate),
    retrieveFormTemplate: async (organization: RequestOrganization, id: number) =>
      serializeFormTemplate(await findTemplate(organization, id)),

    async createFormTemplate(
      request: FastifyRequest,
      organization: RequestOrganization,
      input: FormTemplateInput,
    ): Promise<FormTemplateOut> {
      const values = {
        organizationId: organization.id,
        name: blankName(input.name)!,
        description: (input.description ?? '').trim(),
        fields: checkedFields(input.fields),
        signers: checkedSigners(input.signers ?? ['EMPLOYEE']),
        required: input.required ?? true,
        assignOnHire: input.assign_on_hire ?? false,
        active: input.active ?? true,
        createdAt: app.now(),
      };
      const [row] = await db.insert(formTemplates).values(values).returning();
      const out = serializeFormTemplate(row);
      await request.audit({ entity: 'form_template', entityId: row.id, changed: { event: 'create', ...out } });
      return out;
    },

    async updateFormTemplate(
      request: FastifyRequest,
      organization: RequestOrganization,
      id: number,
      input: FormTemplateChanges,
    ): Promise<FormTemplateOut> {
      const before = serializeFormTemplate(await findTemplate(organization, id));
      const after = {
        name: blankName(input.name),
        description: input.description?.trim(),
        fields: input.fields ? checkedFields(input.fields) : undefined,
        signers: input.signers ? checkedSigners(input.signers) : undefined,
        required: input.required,
        assign_on_hire: input.assign_on_hire,
        active: input.active,
      };
      const changed = differences(before, after);
      if (!Object.keys(changed).length) return before;
      const [row] = await db
        .update(formTemplates)
        .set({
          name: after.name,
          description: after.description,
          fields: after.fields,
          signers: after.signers,
          required: after.required,
          assignOnHire: after.assign_on_hire,
          active: after.active,
          updatedAt: app.now(),
        })
        .where(and(eq(formTemplates.id, id), eq(formTemplates.organizationId, organization.id)))
        .returning();
      await request.audit({ entity: 'form_template', entityId: id, changed });
      return serializeFormTemplate(row);
    },

    listNoteTypes: (organization: RequestOrganization, active: boolean | undefined, page: Page) =>
      pageOf(noteTypes, organization.id, active, page, serializeNoteType),

    async createNoteType(
      request: FastifyRequest,
      organization: RequestOrganization,
      input: { name: string; active?: boolean },
    ): Promise<NoteTypeOut> {
      const [row] = await db
        .insert(noteTypes)
        .values({
          organizationId: organization.id,
          name: blankName(input.name)!,
          active: input.active ?? true,
          createdAt: app.now(),
        })
        .returning();
      const out = serializeNoteType(row);
      await request.audit({ entity: 'note_type', entityId: row.id, changed: { event: 'create', ...out } });
      return out;
    },

    async updateNoteType(
      request: FastifyRequest,
      organization: RequestOrganization,
      id: number,
      input: NoteTypeChanges,
    ): Promise<NoteTypeOut> {
      const before = serializeNoteType(await findNoteType(organization, id));
      const changed = differences(before, { name: blankName(input.name), active: input.active });
      if (!Object.keys(changed).length) return before;
      const [row] = await db
        .update(noteTypes)
        .set({ name: blankName(input.name), active: input.active })
        .where(and(eq(noteTypes.id, id), eq(noteTypes.organizationId, organization.id)))
        .returning();
      await request.audit({ entity: 'note_type', entityId: id, changed });
      return serializeNoteType(row);
    },

    listDocumentTypes: (organization: RequestOrganization, active: boolean | undefined, page: Page) =>
      pageOf(documentTypes, organization.id, active, page, serializeDocumentType),

    async createDocumentType(
      request: FastifyRequest,
      organization: RequestOrganization,
      input: DocumentTypeInput,
    ): Promise<DocumentTypeOut> {
      const [row] = await db
        .insert(documentTypes)
        .values({
          organizationId: organization.id,
          name: blankName(input.name)!,
          required: input.required ?? true,
          requiresExpiry: input.requires_expiry ?? false,
          positions: [...(input.positions ?? [])],
          active: input.active ?? true,
          createdAt: app.now(),
        })
        .returning();
      const out = serializeDocumentType(row);
      await request.audit({ entity: 'document_type', entityId: row.id, changed: { event: 'create', ...out } });
      return out;
    },

    async updateDocumentType(
      request: FastifyRequest,
      organization: RequestOrganization,
      id: number,
      input: DocumentTypeChanges,
    ): Promise<DocumentTypeOut> {
      const before = serializeDocumentType(await findDocumentType(organization, id));
      const after = {
        name: blankName(input.name),
        required: input.required,
        requires_expiry: input.requires_expiry,
        positions: input.positions ? [...input.positions] : undefined,
        active: input.active,
      };
      const changed = differences(before, after);
      if (!Object.keys(changed).length) return before;
      const [row] = await db
        .update(documentTypes)
        .set({
          name: after.name,
          required: after.required,
          requiresExpiry: after.requires_expiry,
          positions: after.positions,
          active: after.active,
        })
        .where(and(eq(documentTypes.id, id), eq(documentTypes.organizationId, organization.id)))
        .returning();
      await request.audit({ entity: 'document_type', entityId: id, changed });
      return serializeDocumentType(row);
    },

    listCompetencyTests: (organization: RequestOrganization, active: boolean | undefined, page: Page) =>
      pageOf(competencyTests, organization.id, active, page, serializeCompetencyTest),
    retrieveCompetencyTest: async (organization: RequestOrganization, id: number) =>
      serializeCompetencyTest(await findTest(organization, id)),

    async createCompetencyTest(
      request: FastifyRequest,
      organization: RequestOrganization,
      input: CompetencyTestInput,
    ): Promise<CompetencyTestOut> {
      const { questions, observedSkills } = checkedTest(input.questions, input.observed_skills ?? []);
      const [row] = await db
        .insert(competencyTests)
        .values({
          organizationId: organization.id,
          name: blankName(input.name)!,
          description: (input.description ?? '').trim(),
          passMark: input.pass_mark,
          questions,
          observedSkills,
          positions: [...(input.positions ?? [])],
          active: input.active ?? true,
          createdAt: app.now(),
        })
        .returning();
      const out = serializeCompetencyTest(row);
      await request.audit({ entity: 'competency_test', entityId: row.id, changed: { event: 'create', ...out } });
      return out;
    },

    async updateCompetencyTest(
      request: FastifyRequest,
      organization: RequestOrganization,
      id: number,
      input: CompetencyTestChanges,
    ): Promise<CompetencyTestOut> {
      const current = await findTest(organization, id);
      const before = serializeCompetencyTest(current);
      const checked =
        input.questions || input.observed_skills
          ? checkedTest(input.questions ?? current.questions, input.observed_skills ?? current.observedSkills)
          : null;
      const after = {
        name: blankName(input.name),
        description: input.description?.trim(),
        pass_mark: input.pass_mark,
        questions: input.questions ? checked!.questions : undefined,
        observed_skills: input.observed_skills ? checked!.observedSkills : undefined,
        positions: input.positions ? [...input.positions] : undefined,
        active: input.active,
      };
      const changed = differences(before, after);
      if (!Object.keys(changed).length) return before;
      const [row] = await db
        .update(competencyTests)
        .set({
          name: after.name,
          description: after.description,
          passMark: after.pass_mark,
          questions: after.questions,
          observedSkills: after.observed_skills,
          positions: after.positions,
          active: after.active,
          updatedAt: app.now(),
        })
        .where(and(eq(competencyTests.id, id), eq(competencyTests.organizationId, organization.id)))
        .returning();
      await request.audit({ entity: 'competency_test', entityId: id, changed });
      return serializeCompetencyTest(row);
    },
  };
}

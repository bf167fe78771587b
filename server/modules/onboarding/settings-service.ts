import type { Static } from '@fastify/type-provider-typebox';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connection';
import {
  competencyTests,
  documentTypes,
  formTemplates,
  noteTypes,
  type FormField,
  type ObservedSkill,
  type TestQuestion,
} from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { invalid, notFound } from '../../lib/api-error';
import type { Listed, Page } from '../../lib/paging';
import { requireOrganization } from '../../lib/request-organization';
import { pageAndCount } from './onboarding-support';
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
  noteTypeSchemas,
} from './settings-schemas';

type NoteTypeInput = Static<typeof noteTypeSchemas.create.body>;

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

type SettingTable = typeof formTemplates | typeof noteTypes | typeof documentTypes | typeof competencyTests;

/** The audit log's entity of each setting. */
const ENTITY_OF = new Map<SettingTable, string>([
  [formTemplates, 'form_template'],
  [noteTypes, 'note_type'],
  [documentTypes, 'document_type'],
  [competencyTests, 'competency_test'],
]);

/** One of the organization's settings by id (undefined: that organization has none of that id). */
export async function findSetting<Table extends SettingTable>(
  db: Db,
  table: Table,
  organizationId: number,
  id: number,
): Promise<Table['$inferSelect'] | undefined> {
  const [row] = await db
    .select()
    .from(table as SettingTable)
    .where(and(eq(table.id, id), eq(table.organizationId, organizationId)))
    .limit(1);
  return row as Table['$inferSelect'] | undefined;
}

/** The setting a request is sent from: the organization's and not retired, or a 400 naming `field`. */
export async function requireActiveSetting<Table extends SettingTable>(
  db: Db,
  organizationId: number,
  { table, field, noun }: { table: Table; field: string; noun: string },
  id: number,
): Promise<Table['$inferSelect']> {
  const row = await findSetting(db, table, organizationId, id);
  if (!row) throw invalid({ [field]: [`No such ${noun} in this organization.`] });
  if (!row.active) throw invalid({ [field]: [`This ${noun} is retired.`] });
  return row;
}

/** The onboarding settings of the actor's organization: every query carries its organization filter. */
export function createSettingsService(app: FastifyInstance) {
  const db = app.db;

  function listOf<T>(table: SettingTable, serialize: (row: never) => T) {
    return async (actor: Actor, { active }: { active?: boolean }, page: Page): Promise<Listed<T>> => {
      const conditions: SQL[] = [eq(table.organizationId, requireOrganization(actor).id)];
      if (active !== undefined) conditions.push(eq(table.active, active));
      const where = and(...conditions);
      const { count, results } = await pageAndCount(
        db,
        table,
        where,
        page,
        db.select().from(table).where(where).orderBy(asc(table.name), asc(table.id)),
      );
      return { count, results: results.map((row) => serialize(row as never)) };
    };
  }

  /** The setting of the actor's organization, or 404. */
  async function find<Table extends SettingTable>(actor: Actor, table: Table, id: number) {
    const row = await findSetting(db, table, requireOrganization(actor).id, id);
    if (!row) throw notFound();
    return row;
  }

  /**
   * Changes one setting of the actor's organization: `changes` gives, from its row, the answer's fields as sent
   * (undefined: not sent) and the columns they set. Nothing is written unless a field differs; what does is audited.
   */
  async function update<Table extends SettingTable, Out extends object>(
    actor: Actor,
    table: Table,
    id: number,
    serialize: (row: Table['$inferSelect']) => Out,
    changes: (row: Table['$inferSelect']) => { after: Record<string, unknown>; values: PgUpdateSetSource<Table> },
  ): Promise<Out> {
    const current = await find(actor, table, id);
    const before = serialize(current);
    const { after, values } = changes(current);
    const changed = differences(before as Record<string, unknown>, after);
    if (!Object.keys(changed).length) return before;
    const [row] = await db
      .update(table as SettingTable)
      .set(values as PgUpdateSetSource<SettingTable>)
      .where(and(eq(table.id, id), eq(table.organizationId, requireOrganization(actor).id)))
      .returning();
    await actor.audit({ entity: ENTITY_OF.get(table)!, entityId: id, changed });
    return serialize(row as Table['$inferSelect']);
  }

  /** Adds one setting to the actor's organization, audited with what it holds. */
  async function add<Table extends SettingTable, Out extends object>(
    actor: Actor,
    table: Table,
    values: Omit<Table['$inferInsert'], 'organizationId' | 'createdAt'>,
    serialize: (row: Table['$inferSelect']) => Out,
  ): Promise<Out> {
    const [row] = await db
      .insert(table as SettingTable)
      .values({ ...values, organizationId: requireOrganization(actor).id, createdAt: app.now() } as never)
      .returning();
    const out = serialize(row as Table['$inferSelect']);
    await actor.audit({ entity: ENTITY_OF.get(table)!, entityId: row.id, changed: { event: 'create', ...out } });
    return out;
  }

  return {
    listFormTemplates: listOf(formTemplates, serializeFormTemplate),
    retrieveFormTemplate: async (actor: Actor, id: number) =>
      serializeFormTemplate(await find(actor, formTemplates, id)),

    createFormTemplate: (actor: Actor, input: FormTemplateInput): Promise<FormTemplateOut> =>
      add(
        actor,
        formTemplates,
        {
          name: blankName(input.name)!,
          description: (input.description ?? '').trim(),
          fields: checkedFields(input.fields),
          signers: checkedSigners(input.signers ?? ['EMPLOYEE']),
          required: input.required ?? true,
          assignOnHire: input.assign_on_hire ?? false,
          active: input.active ?? true,
        },
        serializeFormTemplate,
      ),

    updateFormTemplate: (actor: Actor, id: number, input: FormTemplateChanges): Promise<FormTemplateOut> =>
      update(actor, formTemplates, id, serializeFormTemplate, () => {
        const after = {
          name: blankName(input.name),
          description: input.description?.trim(),
          fields: input.fields ? checkedFields(input.fields) : undefined,
          signers: input.signers ? checkedSigners(input.signers) : undefined,
          required: input.required,
          assign_on_hire: input.assign_on_hire,
          active: input.active,
        };
        const { assign_on_hire: assignOnHire, ...same } = after;
        return { after, values: { ...same, assignOnHire, updatedAt: app.now() } };
      }),

    listNoteTypes: listOf(noteTypes, serializeNoteType),

    createNoteType: (actor: Actor, input: NoteTypeInput): Promise<NoteTypeOut> =>
      add(actor, noteTypes, { name: blankName(input.name)!, active: input.active ?? true }, serializeNoteType),

    updateNoteType: (actor: Actor, id: number, input: NoteTypeChanges): Promise<NoteTypeOut> =>
      update(actor, noteTypes, id, serializeNoteType, () => {
        const after = { name: blankName(input.name), active: input.active };
        return { after, values: after };
      }),

    listDocumentTypes: listOf(documentTypes, serializeDocumentType),

    createDocumentType: (actor: Actor, input: DocumentTypeInput): Promise<DocumentTypeOut> =>
      add(
        actor,
        documentTypes,
        {
          name: blankName(input.name)!,
          required: input.required ?? true,
          requiresExpiry: input.requires_expiry ?? false,
          positions: [...(input.positions ?? [])],
          active: input.active ?? true,
        },
        serializeDocumentType,
      ),

    updateDocumentType: (actor: Actor, id: number, input: DocumentTypeChanges): Promise<DocumentTypeOut> =>
      update(actor, documentTypes, id, serializeDocumentType, () => {
        const after = {
          name: blankName(input.name),
          required: input.required,
          requires_expiry: input.requires_expiry,
          positions: input.positions ? [...input.positions] : undefined,
          active: input.active,
        };
        const { requires_expiry: requiresExpiry, ...same } = after;
        return { after, values: { ...same, requiresExpiry } };
      }),

    listCompetencyTests: listOf(competencyTests, serializeCompetencyTest),
    retrieveCompetencyTest: async (actor: Actor, id: number) =>
      serializeCompetencyTest(await find(actor, competencyTests, id)),

    createCompetencyTest(actor: Actor, input: CompetencyTestInput): Promise<CompetencyTestOut> {
      const { questions, observedSkills } = checkedTest(input.questions, input.observed_skills ?? []);
      return add(
        actor,
        competencyTests,
        {
          name: blankName(input.name)!,
          description: (input.description ?? '').trim(),
          passMark: input.pass_mark,
          questions,
          observedSkills,
          positions: [...(input.positions ?? [])],
          active: input.active ?? true,
        },
        serializeCompetencyTest,
      );
    },

    updateCompetencyTest: (actor: Actor, id: number, input: CompetencyTestChanges): Promise<CompetencyTestOut> =>
      update(actor, competencyTests, id, serializeCompetencyTest, (current) => {
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
        const { pass_mark: passMark, observed_skills: observedSkills, ...same } = after;
        return { after, values: { ...same, passMark, observedSkills, updatedAt: app.now() } };
      }),
  };
}

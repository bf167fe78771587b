import { Type, type Static, type TSchema } from '@fastify/type-provider-typebox';
import { POSITIONS } from '#domain/labels';
import { authenticatedErrors, IdParams, Paged, PagingQuery } from '../../schemas/common';
import { Nullable, Timestamp } from '../../schemas/fields';

const Name = Type.String({ minLength: 1, maxLength: 200 });
const Description = Type.String({ maxLength: 5000 });

export const POSITION_KEYS = Object.keys(POSITIONS) as (keyof typeof POSITIONS)[];
const Positions = Type.Array(
  Type.Enum([...POSITION_KEYS], { description: 'A position key of src/domain (HCC, RN, HHA...)' }),
  {
    maxItems: POSITION_KEYS.length,
    uniqueItems: true,
    description: 'The positions it applies to; empty = every position',
  },
);

/** Keys of form fields, questions and observed skills. */
const ItemId = Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9_-]+$' });

export const FIELD_TYPES = ['text', 'textarea', 'date', 'checkbox', 'select'] as const;

export const FormFieldSchema = Type.Object(
  {
    key: Type.String({ minLength: 1, maxLength: 60, description: 'lower snake case, unique in the template' }),
    label: Type.String({ minLength: 1, maxLength: 500 }),
    type: Type.Enum([...FIELD_TYPES]),
    required: Type.Boolean(),
    options: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 100, description: 'select only' }),
    ),
  },
  { title: 'FormField' },
);

const Signers = Type.Array(Type.Enum(['EMPLOYEE', 'ADMIN']), {
  minItems: 1,
  maxItems: 2,
  uniqueItems: true,
  description: "['EMPLOYEE'] or ['EMPLOYEE', 'ADMIN'] (the office countersigns)",
});

export const FormTemplateSchema = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    description: Type.String(),
    fields: Type.Array(FormFieldSchema),
    signers: Type.Array(Type.String()),
    required: Type.Boolean({ description: 'Counts toward forms due and ready to hire' }),
    assign_on_hire: Type.Boolean(),
    active: Type.Boolean(),
    created_at: Timestamp,
    updated_at: Nullable(Timestamp),
  },
  { title: 'FormTemplate' },
);
export type FormTemplateOut = Static<typeof FormTemplateSchema>;

const formTemplateBody = {
  name: Name,
  description: Description,
  fields: Type.Array(FormFieldSchema, { maxItems: 100 }),
  signers: Signers,
  required: Type.Boolean(),
  assign_on_hire: Type.Boolean(),
  active: Type.Boolean(),
};
const FormTemplateCreate = Type.Object({
  ...formTemplateBody,
  description: Type.Optional(Description),
  signers: Type.Optional(Signers),
  required: Type.Optional(Type.Boolean({ default: true })),
  assign_on_hire: Type.Optional(Type.Boolean({ default: false })),
  active: Type.Optional(Type.Boolean({ default: true })),
});
export type FormTemplateInput = Static<typeof FormTemplateCreate>;
const FormTemplateUpdate = Type.Partial(Type.Object(formTemplateBody));
export type FormTemplateChanges = Static<typeof FormTemplateUpdate>;

export const NoteTypeSchema = Type.Object(
  { id: Type.Integer(), name: Type.String(), active: Type.Boolean(), created_at: Timestamp },
  { title: 'NoteType' },
);
export type NoteTypeOut = Static<typeof NoteTypeSchema>;
const NoteTypeCreate = Type.Object({ name: Name, active: Type.Optional(Type.Boolean({ default: true })) });
const NoteTypeUpdate = Type.Object({ name: Type.Optional(Name), active: Type.Optional(Type.Boolean()) });
export type NoteTypeChanges = Static<typeof NoteTypeUpdate>;

export const DocumentTypeSchema = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    required: Type.Boolean(),
    requires_expiry: Type.Boolean(),
    positions: Type.Array(Type.String()),
    active: Type.Boolean(),
    created_at: Timestamp,
  },
  { title: 'DocumentType' },
);
export type DocumentTypeOut = Static<typeof DocumentTypeSchema>;
const documentTypeBody = {
  name: Name,
  required: Type.Boolean(),
  requires_expiry: Type.Boolean(),
  positions: Positions,
  active: Type.Boolean(),
};
const DocumentTypeCreate = Type.Object({
  name: Name,
  required: Type.Optional(Type.Boolean({ default: true })),
  requires_expiry: Type.Optional(Type.Boolean({ default: false })),
  positions: Type.Optional(Positions),
  active: Type.Optional(Type.Boolean({ default: true })),
});
export type DocumentTypeInput = Static<typeof DocumentTypeCreate>;
const DocumentTypeUpdate = Type.Partial(Type.Object(documentTypeBody));
export type DocumentTypeChanges = Static<typeof DocumentTypeUpdate>;

export const QuestionSchema = Type.Object(
  {
    id: ItemId,
    text: Type.String({ minLength: 1, maxLength: 2000 }),
    choices: Type.Array(Type.String({ minLength: 1, maxLength: 500 }), { minItems: 2, maxItems: 10 }),
    answer: Type.Integer({ minimum: 0, description: 'Index of the right choice' }),
    subject: Type.Optional(
      Type.String({
        maxLength: 100,
        description: 'What it covers ("Infection control"): named to a taker who got it wrong, instead of the answer',
      }),
    ),
  },
  { title: 'TestQuestionWithAnswer' },
);
export const ObservedSkillSchema = Type.Object(
  { id: ItemId, label: Type.String({ minLength: 1, maxLength: 500 }) },
  { title: 'ObservedSkill' },
);
/** What an admin sends: ids may be left out (the server numbers new ones q1, q2... and s1, s2...). */
const QuestionInput = Type.Object(
  { ...QuestionSchema.properties, id: Type.Optional(ItemId) },
  { title: 'TestQuestionInput' },
);
const ObservedSkillInput = Type.Object(
  { ...ObservedSkillSchema.properties, id: Type.Optional(ItemId) },
  { title: 'ObservedSkillInput' },
);

export const CompetencyTestSchema = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    description: Type.String(),
    pass_mark: Type.Integer(),
    questions: Type.Array(QuestionSchema),
    observed_skills: Type.Array(ObservedSkillSchema),
    positions: Type.Array(Type.String()),
    active: Type.Boolean(),
    created_at: Timestamp,
    updated_at: Nullable(Timestamp),
  },
  { title: 'CompetencyTest' },
);
export type CompetencyTestOut = Static<typeof CompetencyTestSchema>;
const competencyTestBody = {
  name: Name,
  description: Description,
  pass_mark: Type.Integer({
    minimum: 1,
    maximum: 100,
    description: 'Percent of right answers needed to pass the written part',
  }),
  questions: Type.Array(QuestionInput, { minItems: 1, maxItems: 200 }),
  observed_skills: Type.Array(ObservedSkillInput, { maxItems: 50 }),
  positions: Positions,
  active: Type.Boolean(),
};
const CompetencyTestCreate = Type.Object({
  ...competencyTestBody,
  description: Type.Optional(Description),
  observed_skills: Type.Optional(competencyTestBody.observed_skills),
  positions: Type.Optional(Positions),
  active: Type.Optional(Type.Boolean({ default: true })),
});
export type CompetencyTestInput = Static<typeof CompetencyTestCreate>;
const CompetencyTestUpdate = Type.Partial(Type.Object(competencyTestBody));
export type CompetencyTestChanges = Static<typeof CompetencyTestUpdate>;

const SettingsListQuery = Type.Object({
  active: Type.Optional(Type.Boolean({ description: 'true: only active ones; false: only retired ones' })),
  ...PagingQuery,
});

const tags = ['onboarding settings'];

/** `about` says what the setting is, for an integrator: it opens each operation's description. */
function crud<T extends TSchema, C extends TSchema, U extends TSchema>(
  resource: string,
  what: string,
  about: string,
  item: T,
  create: C,
  update: U,
) {
  return {
    list: {
      operationId: `${resource}_list`,
      tags,
      summary: `The organization's ${what}, by name`,
      description: `${about} Paged, by name; \`active\` keeps only the active (true) or the retired (false) ones.`,
      querystring: SettingsListQuery,
      response: { 200: Paged(item), ...authenticatedErrors() },
    },
    create: {
      operationId: `${resource}_create`,
      tags,
      summary: `Add one of the organization's ${what}`,
      description: `${about} Answers the new one, active unless \`active\` is false.`,
      body: create,
      response: { 201: item, ...authenticatedErrors() },
    },
    retrieve: {
      operationId: `${resource}_retrieve`,
      tags,
      summary: `One of the organization's ${what}`,
      description: `${about} 404 for one of another organization.`,
      params: IdParams,
      response: { 200: item, ...authenticatedErrors(404) },
    },
    update: {
      operationId: `${resource}_partial_update`,
      tags,
      summary: `Change one of the organization's ${what} (active: false retires it)`,
      description: `${about} Send only the fields to change; \`active: false\` retires it and \`active: true\` brings it back.`,
      params: IdParams,
      body: update,
      response: { 200: item, ...authenticatedErrors(404) },
    },
  };
}

export const formTemplateSchemas = crud(
  'form_templates',
  'form templates',
  'A form template is an onboarding form: its fields, who signs it (the employee, and the office when it countersigns), whether it is required and whether it is sent to every new hire.',
  FormTemplateSchema,
  FormTemplateCreate,
  FormTemplateUpdate,
);
export const noteTypeSchemas = crud(
  'note_types',
  'employee note types',
  'A note type classifies the notes the office writes on an employee (employees_notes_create).',
  NoteTypeSchema,
  NoteTypeCreate,
  NoteTypeUpdate,
);
export const documentTypeSchemas = crud(
  'document_types',
  'document types',
  'A document type is a document employees provide (a license, a TB test...): whether it is required, whether it needs an expiry date, and for which positions.',
  DocumentTypeSchema,
  DocumentTypeCreate,
  DocumentTypeUpdate,
);
export const competencyTestSchemas = crud(
  'competency_tests',
  'competency tests',
  'A competency test has a written part of multiple-choice questions scored against a pass mark, and for home health aides the skills a registered nurse observes; it applies to the positions named.',
  CompetencyTestSchema,
  CompetencyTestCreate,
  CompetencyTestUpdate,
);

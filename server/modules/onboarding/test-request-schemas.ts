import { Type, type Static } from '@fastify/type-provider-typebox';
import { authenticatedErrors, IdParams, Paged, PagingQuery } from '../../schemas/common';
import { Id, Nullable, PersonRef, Timestamp } from '../../schemas/fields';
import { ObservedSkillSchema } from './settings-schemas';

export const TEST_REQUEST_STATUSES = ['PENDING', 'AWAITING_OBSERVATION', 'PASSED', 'FAILED'] as const;

/** A question: never the right answer; after submission, to the office only, what was chosen and whether it was right. */
const AskedQuestion = Type.Object(
  {
    id: Type.String(),
    text: Type.String(),
    choices: Type.Array(Type.String()),
    chosen: Type.Optional(Nullable(Type.Integer({ description: 'After submission: the index chosen' }))),
    correct: Type.Optional(Type.Boolean({ description: 'After submission: whether the chosen answer was right' })),
  },
  { title: 'TestQuestion' },
);

const SkillResultSchema = Type.Object(
  { skill_id: Type.String(), label: Type.String(), satisfactory: Type.Boolean(), comment: Nullable(Type.String()) },
  { title: 'SkillResult' },
);

/** The TestRequest of contract-3. */
export const TestRequestSchema = Type.Object(
  {
    id: Type.Integer(),
    test: Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      description: Type.String(),
      pass_mark: Type.Integer(),
      questions: Type.Array(AskedQuestion),
      observed_skills: Type.Array(ObservedSkillSchema),
    }),
    employee: Type.Object({ id: Type.Integer(), name: Type.String(), position: Nullable(Type.String()) }),
    review_subjects: Type.Array(Type.String(), {
      description:
        'After submission: the subjects of the questions answered wrong, to review (never which ones, nor the answers)',
    }),
    status: Type.Enum([...TEST_REQUEST_STATUSES]),
    score: Nullable(Type.Integer({ description: 'Percent of right answers' })),
    written_passed: Nullable(Type.Boolean()),
    skill_results: Type.Array(SkillResultSchema),
    observer: Nullable(PersonRef),
    observed_at: Nullable(Timestamp),
    submitted_at: Nullable(Timestamp),
    created_at: Timestamp,
  },
  { title: 'TestRequest' },
);
export type TestRequestOut = Static<typeof TestRequestSchema>;

const tags = ['onboarding'];

export const testRequestCreateSchema = {
  operationId: 'test_requests_create',
  description:
    'Sends a competency test to one or many employees at once; all are created or none. Each employee is notified in the app and by mail. Answers the new requests.',
  tags,
  summary: 'Send a competency test to one or many employees (all or nothing); each is notified in the app and by mail',
  body: Type.Object({ test_id: Id, employee_ids: Type.Array(Id, { minItems: 1, maxItems: 1000 }) }),
  response: { 201: Type.Array(TestRequestSchema), ...authenticatedErrors() },
};

export const testRequestListSchema = {
  operationId: 'test_requests_list',
  description:
    'Lists test requests, newest first, paged: an employee’s own; with awaiting_observation=true, for a READY registered nurse, the organization’s home health aide tests waiting for a skills observation; for the office, the organization’s.',
  tags,
  summary:
    "One's own test requests, newest first; awaiting_observation=true: (an RN) the organization's HHA tests waiting for a skills observation; admins: the organization's",
  querystring: Type.Object({
    status: Type.Optional(Type.Enum([...TEST_REQUEST_STATUSES])),
    awaiting_observation: Type.Optional(Type.Boolean()),
    employee: Type.Optional(Id),
    ...PagingQuery,
  }),
  response: { 200: Paged(TestRequestSchema), ...authenticatedErrors() },
};

export const testRequestAwaitingCountSchema = {
  operationId: 'test_requests_awaiting_observation_count_retrieve',
  description:
    'Answers how many of the organization’s home health aide tests wait for a registered nurse’s skills observation (other than the nurse’s own), for the count beside the nurse’s menu item. Reads no record itself, so nothing is audited.',
  tags,
  summary:
    "(A READY registered nurse) how many of the organization's HHA skills checks wait for an observation, other than one's own: the count beside the nurse's menu item, without reading (or auditing) any record",
  response: {
    200: Type.Object({ count: Type.Integer({ minimum: 0 }) }, { title: 'AwaitingObservationCount' }),
    ...authenticatedErrors(),
  },
};

export const testRequestRetrieveSchema = {
  operationId: 'test_requests_retrieve',
  description:
    'Answers one test request: its questions without the right answers, and once submitted the score, the choice made for each question and whether it was right, and the observed skills.',
  tags,
  summary: 'One test request (questions without their answers)',
  params: IdParams,
  response: { 200: TestRequestSchema, ...authenticatedErrors(404) },
};

export const testRequestSubmitSchema = {
  operationId: 'test_requests_submit_create',
  description:
    'Answers the written part of one’s own test, once: one choice per question. It is scored at once against the test’s pass mark; the answer says the score and whether the written part passed.',
  tags,
  summary: 'Answer the written part of one’s test (once); scored at once',
  params: IdParams,
  body: Type.Object({
    answers: Type.Record(Type.String({ maxLength: 40 }), Type.Integer({ minimum: 0, maximum: 100 }), {
      description: 'question id → chosen index',
    }),
  }),
  response: { 200: TestRequestSchema, ...authenticatedErrors(404) },
};

export const testRequestObservationSchema = {
  operationId: 'test_requests_observation_create',
  description:
    'A READY registered nurse records the observed skills of a home health aide’s test (42 CFR 484.80(c)): each skill satisfactory or not, with a comment, signed with the nurse’s drawn signature.',
  tags,
  summary: "A registered nurse records the observed skills of an HHA's test, with their signature",
  params: IdParams,
  body: Type.Object({
    skills: Type.Array(
      Type.Object({
        skill_id: Type.String({ minLength: 1, maxLength: 40 }),
        satisfactory: Type.Boolean(),
        comment: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
      }),
      { maxItems: 50 },
    ),
    signature: Type.String({ maxLength: 600_000, description: 'data:image/png;base64,...' }),
  }),
  response: { 200: TestRequestSchema, ...authenticatedErrors(404) },
};

import { Type, type Static } from '@fastify/type-provider-typebox';
import { MESSAGE_MAX, SUBJECT_MAX, TOPICS } from '#domain/messages';
import { authenticatedErrors, IdParams, Paged, PagingQuery } from '../../schemas/common';
import { CodeOf, Id, Nullable, PersonRef, Timestamp } from '../../schemas/fields';

export const TopicCode = CodeOf(TOPICS);
/** A message id (bigserial): keyset bounds and read marks. */
const MessageId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const Body = Type.String({ minLength: 1, maxLength: MESSAGE_MAX, description: 'The message; not blank' });

/**
 * OFFICE: an employee with the office (every admin of the organization, as one inbox); DIRECT: two admins
 * (or the master and an admin).
 */
const ConversationKind = Type.Enum(['OFFICE', 'DIRECT'], {
  description: 'OFFICE: an employee and the office; DIRECT: two people of the office',
});

export const ConversationSummarySchema = Type.Object(
  {
    id: Type.Integer(),
    kind: ConversationKind,
    topic: TopicCode,
    subject: Type.String(),
    /** Who the caller talks to: the employee or the other admin, or (for the employee) the office (id null). */
    other_party: Type.Object({ id: Nullable(Type.Integer()), name: Type.String() }, { title: 'OtherParty' }),
    last_message_at: Timestamp,
    last_message_id: Nullable(Type.Integer()),
    /** The start of the last message, for the list (never mailed nor pushed). */
    preview: Type.String(),
    /** Messages after the caller's own read mark, not written by the caller. */
    unread: Type.Integer(),
    created_at: Timestamp,
  },
  { title: 'ConversationSummary' },
);
export type ConversationSummaryOut = Static<typeof ConversationSummarySchema>;

export const ReadMarkSchema = Type.Object(
  { user: PersonRef, last_read_message_id: Type.Integer(), read_at: Timestamp },
  { title: 'ReadMark' },
);

export const ConversationSchema = Type.Object(
  {
    ...ConversationSummarySchema.properties,
    employee: Nullable(PersonRef),
    created_by: PersonRef,
    /** The people of the conversation: the employee and the office's admins, or the two of a direct one. */
    participants: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), office: Type.Boolean() })),
    /** For each participant who has read something, the last message they read. */
    read_marks: Type.Array(ReadMarkSchema),
  },
  { title: 'Conversation' },
);
export type ConversationOut = Static<typeof ConversationSchema>;

export const MessageSchema = Type.Object(
  {
    id: Type.Integer(),
    conversation_id: Type.Integer(),
    author: PersonRef,
    body: Type.String(),
    created_at: Timestamp,
    /** The participants other than the author whose read mark has reached this message. */
    read_by: Type.Array(PersonRef),
  },
  { title: 'Message' },
);
export type MessageOut = Static<typeof MessageSchema>;

const tags = ['conversations'];

export const conversationListSchema = {
  operationId: 'conversations_list',
  description:
    'Lists the caller’s conversations, newest activity first, paged, with the last message and the unread count: an employee’s own with the office; for the office, its shared inbox and the admin’s direct conversations.',
  tags,
  summary:
    "The caller's conversations (an employee's own; the office's inbox and one's direct ones), newest activity first",
  querystring: Type.Object({
    topic: Type.Optional(TopicCode),
    unread: Type.Optional(Type.Boolean({ description: 'true: only those with messages one has not read' })),
    ...PagingQuery,
  }),
  response: { 200: Paged(ConversationSummarySchema), ...authenticatedErrors() },
};

export const conversationCreateSchema = {
  operationId: 'conversations_create',
  description:
    'Starts a conversation with its first message: an employee writes to the office on a topic (schedule, pay, onboarding, other); the office writes to one employee or to another admin. The other side is told on the live event stream.',
  tags,
  summary: 'Start a conversation: an employee with the office; the office with one employee or with another admin',
  body: Type.Object({
    topic: TopicCode,
    subject: Type.String({ minLength: 1, maxLength: SUBJECT_MAX }),
    body: Body,
    employee_id: Type.Optional(Id),
    counterpart_id: Type.Optional(Id),
  }),
  response: { 201: ConversationSchema, ...authenticatedErrors() },
};

export const conversationRetrieveSchema = {
  operationId: 'conversations_retrieve',
  description: 'Answers one conversation with its participants and how far each has read.',
  tags,
  summary: 'One conversation with its participants and how far each has read',
  params: IdParams,
  response: { 200: ConversationSchema, ...authenticatedErrors(404) },
};

export const messageListSchema = {
  operationId: 'conversations_messages_list',
  description:
    'Answers messages of a conversation, oldest first: the latest page, those after a message id (catching up after an event) or before one (older); has_more says whether more lie beyond.',
  tags,
  summary:
    'Messages of a conversation, oldest first: the latest page, those after an id (catching up) or before one (older)',
  params: IdParams,
  querystring: Type.Object({
    after: Type.Optional(MessageId),
    before: Type.Optional(MessageId),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
  }),
  response: {
    200: Type.Object(
      {
        results: Type.Array(MessageSchema),
        /** More messages lie beyond this page: after its last (with `after`) or before its first (otherwise). */
        has_more: Type.Boolean(),
      },
      { description: 'A page of messages, oldest first' },
    ),
    ...authenticatedErrors(404),
  },
};

export const messageCreateSchema = {
  operationId: 'conversations_messages_create',
  description:
    'Writes a message in a conversation. The other participants get it on the live event stream; mail and push texts never carry the message itself.',
  tags,
  summary: 'Write a message in a conversation',
  params: IdParams,
  body: Type.Object({ body: Body }),
  response: { 201: MessageSchema, ...authenticatedErrors(404) },
};

export const readCreateSchema = {
  operationId: 'conversations_read_create',
  description:
    'Marks the conversation read up to a message; one’s read mark never moves back. Answers the mark and how many messages are still unread.',
  tags,
  summary: "Mark the conversation read up to a message (one's read mark never moves back)",
  params: IdParams,
  body: Type.Object({ message_id: MessageId }),
  response: {
    200: Type.Object(
      { conversation_id: Type.Integer(), last_read_message_id: Type.Integer(), unread: Type.Integer() },
      { description: 'The read mark: the last message read and how many are still unread' },
    ),
    ...authenticatedErrors(404),
  },
};

/** What the service takes: the inputs as the routes validated them (a list's paging goes apart, as a Page). */
export type ConversationListFilter = Omit<Static<typeof conversationListSchema.querystring>, 'limit' | 'offset'>;
export type ConversationCreateInput = Static<typeof conversationCreateSchema.body>;
export type MessageListQuery = Static<typeof messageListSchema.querystring>;

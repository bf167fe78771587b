import type { ApiClient } from '../../api/client';
import type { ResponseData } from '../../api/types';
import type { Topic } from '../../domain/messages';
import type { Page } from '../../api/hiring';

/*
 * The messages shapes, from the server's document (src/api/generated.d.ts): the answers of the operations
 * the messages page calls, by operationId.
 */
export type ConversationSummary = ResponseData<'conversations_list'>['results'][number];
export type Conversation = ResponseData<'conversations_retrieve'>;
export type MessagePage = ResponseData<'conversations_messages_list'>;
export type Message = MessagePage['results'][number];
export type ReadAnswer = ResponseData<'conversations_read_create'>;

type Id = { id: number | string };

export interface NewConversation {
  topic: Topic;
  subject: string;
  body: string;
  employee_id?: number;
  counterpart_id?: number;
}

/** The operations the messages page calls, with their parameters, bodies and answers. */
export interface MessagesOperations {
  conversations_list(params: { limit?: number; offset?: number; topic?: Topic; unread?: boolean }): Promise<Page<ConversationSummary>>;
  conversations_create(params: null, body: NewConversation): Promise<Conversation>;
  conversations_retrieve(params: Id): Promise<Conversation>;
  conversations_messages_list(params: Id & { after?: number; before?: number; limit?: number }): Promise<MessagePage>;
  conversations_messages_create(params: Id, body: { body: string }): Promise<Message>;
  conversations_read_create(params: Id, body: { message_id: number }): Promise<ReadAnswer>;
  employees_list(params: { limit?: number; offset?: number; status?: 'READY'; search?: string }): Promise<Page<{ id: number; first_name: string; last_name: string; email: string }>>;
  users_list(params: { limit?: number; offset?: number; role?: 'ROLE_ADMIN'; is_active?: boolean; ordering?: 'last_name' }): Promise<Page<{ id: number; first_name: string; last_name: string; email: string }>>;
}

/** The one API client, seen through the messages operations. */
export function messagesApi(api: ApiClient): MessagesOperations {
  return api as unknown as MessagesOperations;
}

/** Who has read a message: the participants other than its author whose read mark reached it. */
export function readersOf(message: Pick<Message, 'id' | 'author'>, conversation: Pick<Conversation, 'read_marks'>): { id: number; name: string }[] {
  return conversation.read_marks.filter((mark) => mark.user.id !== message.author.id && mark.last_read_message_id >= message.id).map((mark) => mark.user);
}

/** Adds messages to those shown: each once (by id), oldest first. */
export function mergeMessages(shown: readonly Message[], more: readonly Message[]): Message[] {
  const byId = new Map<number, Message>();
  for (const message of [...shown, ...more]) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

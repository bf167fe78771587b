import type { RequestBody, ResponseData } from '../../api/types';

/*
 * The messages shapes, from the server's document (src/api/generated.d.ts): the answers of the operations
 * the messages page calls, by operationId.
 */
export type ConversationSummary = ResponseData<'conversations_list'>['results'][number];
export type Conversation = ResponseData<'conversations_retrieve'>;
export type MessagePage = ResponseData<'conversations_messages_list'>;
export type Message = MessagePage['results'][number];

export type NewConversation = RequestBody<'conversations_create'>;

/** Who has read a message: the participants other than its author whose read mark reached it. */
export function readersOf(
  message: Pick<Message, 'id' | 'author'>,
  conversation: Pick<Conversation, 'read_marks'>,
): { id: number; name: string }[] {
  return conversation.read_marks
    .filter((mark) => mark.user.id !== message.author.id && mark.last_read_message_id >= message.id)
    .map((mark) => mark.user);
}

/** Adds messages to those shown: each once (by id), oldest first. */
export function mergeMessages(shown: readonly Message[], more: readonly Message[]): Message[] {
  const byId = new Map<number, Message>();
  for (const message of [...shown, ...more]) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

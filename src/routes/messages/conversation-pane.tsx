import styled from '@emotion/styled';
import { Form, Formik, type FormikHelpers } from 'formik';
import { useCallback, useEffect, useRef, useState } from 'react';
import * as yup from 'yup';
import { useApiClient } from '../../app/api-client';
import { formatDateTime } from '../../app/date-time';
import { useTellReadHere } from '../../app/live-events';
import { MESSAGE_MAX } from '../../domain/messages';
import { Alert } from '../../ui/alert';
import { apiErrorDetail, apiErrorStatus, showSubmitFailure } from '../../ui/api-error';
import { Button, TextLink } from '../../ui/button';
import { TextAreaField } from '../../ui/fields';
import { SubmitButton } from '../../ui/submit-button';
import { topicLabel } from './conversation-list';
import { useMessageEvents } from './message-events';
import { mergeMessages, readersOf, type Conversation, type Message } from './messages-api';

export const MESSAGES_PAGE_SIZE = 50;

const Pane = styled.section`
  display: flex;
  flex-direction: column;
  min-width: 0;
  background: ${({ theme }) => theme.palette.background.surface};
  border: 1px solid ${({ theme }) => theme.palette.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  header {
    padding: ${({ theme }) => theme.spacing(1.5, 2)};
    border-bottom: 1px solid ${({ theme }) => theme.palette.grey[200]};
  }
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.lg};
    overflow-wrap: anywhere;
  }
  header p {
    margin: 4px 0 0;
    color: ${({ theme }) => theme.palette.text.secondary};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
`;

const Thread = styled.ol`
  list-style: none;
  margin: 0;
  padding: ${({ theme }) => theme.spacing(2)};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(1.5)};
  li {
    max-width: min(560px, 92%);
    align-self: flex-start;
  }
  li[data-own='true'] {
    align-self: flex-end;
  }
  .bubble {
    padding: ${({ theme }) => theme.spacing(1, 1.5)};
    border-radius: ${({ theme }) => theme.radii.lg};
    background: ${({ theme }) => theme.palette.grey[100]};
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  li[data-own='true'] .bubble {
    background: ${({ theme }) => theme.palette.primary[50]};
    border: 1px solid ${({ theme }) => theme.palette.primary[100]};
  }
  .meta,
  .read {
    margin: 2px 4px;
    color: ${({ theme }) => theme.palette.text.secondary};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
  li[data-own='true'] .meta,
  li[data-own='true'] .read {
    text-align: right;
  }
`;

const Composer = styled.div`
  padding: ${({ theme }) => theme.spacing(1.5, 2, 2)};
  border-top: 1px solid ${({ theme }) => theme.palette.grey[200]};
  form {
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.spacing(1)};
  }
  button[type='submit'] {
    align-self: flex-end;
  }
`;

const messageSchema = yup.object({
  body: yup
    .string()
    .trim()
    .required('Write your message first.')
    .max(MESSAGE_MAX, `Keep it under ${MESSAGE_MAX.toLocaleString('en-US')} characters.`),
});

export interface ConversationPaneProps {
  id: number;
  userId: number;
  timeZone: string | null | undefined;
  /** The conversation's unread count or last message changed (read, written, received): the list refreshes. */
  onChanged: () => void;
  /** Where "All conversations" leads (the one column of a phone). */
  backTo: string;
}

/** The way back to the list, shown where the list and the open pane take turns (a phone's one column). */
export function BackToConversations({ to }: { to: string }) {
  return (
    <TextLink to={to} className="back">
      ← All conversations
    </TextLink>
  );
}

/** One conversation: its messages (author, time, who has read them), older ones on demand, and the composer. */
export function ConversationPane({ id, userId, timeZone, onChanged, backTo }: ConversationPaneProps) {
  const api = useApiClient();
  const [conversation, setConversation] = useState<Conversation | null>(null);
  const [messages, setMessages] = useState<Message[]>([]);
  const [hasOlder, setHasOlder] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** Why what came last could not be loaded (offline, say); gone once a catch-up succeeds. */
  const [catchUpError, setCatchUpError] = useState<string | null>(null);
  const shown = useRef<Message[]>([]);
  shown.current = messages;
  const onChangedRef = useRef(onChanged);
  onChangedRef.current = onChanged;
  const tellReadHere = useTellReadHere();

  useEffect(() => {
    let active = true;
    setConversation(null);
    setMessages([]);
    setError(null);
    setCatchUpError(null);
    Promise.all([
      api.conversations_retrieve({ id }),
      api.conversations_messages_list({ id, limit: MESSAGES_PAGE_SIZE }),
    ])
      .then(([detail, page]) => {
        if (!active) return;
        setConversation(detail);
        setMessages(page.results);
        setHasOlder(page.has_more);
      })
      .catch((failure: unknown) => {
        if (!active) return;
        setError(
          apiErrorStatus(failure) === 404
            ? 'There is no such conversation among yours.'
            : apiErrorDetail(failure, 'The conversation could not be loaded.'),
        );
      });
    return () => {
      active = false;
    };
  }, [api, id]);

  /**
   * What came after the last message shown (a new one, or what a dropped connection missed): each once. Given
   * the id of a message not shown that is older than the last one shown (ids are drawn before commit, so one
   * may commit after a later one), from just before it.
   */
  const catchUp = useCallback(
    async (missing?: number) => {
      try {
        const lastShown = shown.current[shown.current.length - 1]?.id;
        let after =
          missing !== undefined &&
          lastShown !== undefined &&
          missing < lastShown &&
          !shown.current.some((m) => m.id === missing)
            ? missing - 1
            : lastShown;
        for (;;) {
          const page = await api.conversations_messages_list({ id, limit: 200, ...(after ? { after } : {}) });
          shown.current = mergeMessages(shown.current, page.results);
          setMessages(shown.current);
          if (!after || !page.has_more || page.results.length === 0) break;
          after = page.results[page.results.length - 1]!.id;
        }
        setCatchUpError(null);
      } catch (failure) {
        setCatchUpError(apiErrorDetail(failure, 'New messages could not be loaded.'));
      }
    },
    [api, id],
  );

  const reloadMarks = useCallback(async () => {
    try {
      setConversation(await api.conversations_retrieve({ id }));
    } catch {
      // the marks shown stay; the next event tries again
    }
  }, [api, id]);

  useMessageEvents(
    (event) => {
      if (event.data.conversation_id !== id) return;
      if (event.type === 'message.created') void catchUp(event.data.message_id);
      if (event.type === 'conversation.read') void reloadMarks();
    },
    () => {
      void catchUp();
      void reloadMarks();
    },
  );

  // a tab in the background shows nothing: what arrives there is read when the tab is looked at again
  const [visible, setVisible] = useState(() => document.visibilityState !== 'hidden');
  useEffect(() => {
    const onChange = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);

  // shown is read: move one's mark to the last message another wrote (never back: the server keeps the greater)
  const myMark = conversation?.read_marks.find((mark) => mark.user.id === userId)?.last_read_message_id ?? 0;
  const lastFromOthers = [...messages].reverse().find((message) => message.author.id !== userId)?.id ?? 0;
  useEffect(() => {
    if (!conversation || !visible || lastFromOthers <= myMark) return;
    let active = true;
    api
      .conversations_read_create({ id }, { message_id: lastFromOthers })
      .then(() => {
        tellReadHere('messages');
        if (!active) return;
        void reloadMarks();
        onChangedRef.current();
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the conversation counts by its id: reloading its marks must not send the read again
  }, [api, id, conversation?.id, lastFromOthers, myMark, reloadMarks, tellReadHere, visible]);

  const loadOlder = async () => {
    try {
      const page = await api.conversations_messages_list({ id, limit: MESSAGES_PAGE_SIZE, before: messages[0].id });
      setMessages((current) => mergeMessages(current, page.results));
      setHasOlder(page.has_more);
    } catch (failure) {
      setError(apiErrorDetail(failure, 'Older messages could not be loaded.'));
    }
  };

  const send = async (values: { body: string }, helpers: FormikHelpers<{ body: string }>) => {
    setError(null);
    try {
      const message = await api.conversations_messages_create({ id }, { body: values.body.trim() });
      shown.current = mergeMessages(shown.current, [message]);
      setMessages(shown.current);
      helpers.resetForm();
      onChangedRef.current();
    } catch (failure) {
      showSubmitFailure(failure, {
        known: ['body'],
        setErrors: helpers.setErrors,
        setError,
        fallback: 'The message could not be sent.',
      });
    }
  };

  if (!conversation) {
    return (
      <Pane aria-label="Conversation">
        <header>
          <BackToConversations to={backTo} />
        </header>
        {error ? (
          <Alert tone="error">{error}</Alert>
        ) : (
          <p role="status" css={{ padding: 16 }}>
            Loading…
          </p>
        )}
      </Pane>
    );
  }

  const withWhom = conversation.other_party.name;
  return (
    <Pane aria-labelledby="conversation-title">
      <header>
        <BackToConversations to={backTo} />
        <h2 id="conversation-title">{conversation.subject}</h2>
        <p>
          {topicLabel(conversation.topic)} · with {withWhom}
        </p>
      </header>
      {error || catchUpError ? <Alert tone="error">{error ?? catchUpError}</Alert> : null}
      {hasOlder ? (
        <div css={{ padding: '12px 16px 0', textAlign: 'center' }}>
          <Button size="sm" variant="secondary" onClick={() => void loadOlder()}>
            Show older messages
          </Button>
        </div>
      ) : null}
      <Thread aria-label="Messages">
        {messages.map((message) => {
          const own = message.author.id === userId;
          const readers = readersOf(message, conversation).map((reader) =>
            reader.id === userId ? 'you' : reader.name,
          );
          return (
            <li key={message.id} data-own={own} data-message-id={message.id}>
              <p className="meta">
                <strong>{own ? 'You' : message.author.name}</strong> ·{' '}
                <time dateTime={message.created_at}>{formatDateTime(message.created_at, timeZone)}</time>
              </p>
              <div className="bubble">{message.body}</div>
              {readers.length ? (
                <p className="read">Read by {readers.join(', ')}</p>
              ) : own ? (
                <p className="read">Not read yet</p>
              ) : null}
            </li>
          );
        })}
      </Thread>
      <Composer>
        <Formik initialValues={{ body: '' }} validationSchema={messageSchema} onSubmit={send}>
          <Form noValidate aria-label="Write a message">
            <TextAreaField name="body" label="Your message" rows={3} maxLength={MESSAGE_MAX} />
            <SubmitButton>Send</SubmitButton>
          </Form>
        </Formik>
      </Composer>
    </Pane>
  );
}

import styled from '@emotion/styled';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useApiClient } from '../../app/api-client';
import { useAuthentication } from '../../app/authentication';
import { useList } from '../../app/use-list';
import { TOPICS, type Topic } from '../../domain/messages';
import { Alert } from '../../ui/alert';
import { Button, ButtonLink } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { FilterSelect } from '../../ui/fields';
import { PrivatePage } from '../../app/page-shell';
import { ConversationList } from './conversation-list';
import { BackToConversations, ConversationPane } from './conversation-pane';
import { useMessageEvents } from './message-events';
import { NewConversationForm } from './new-conversation-form';

export const CONVERSATIONS_PAGE_SIZE = 20;

/** Two columns on a wide screen (the list, the open conversation); one on a phone, with a back link. */
const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(260px, 360px) minmax(0, 1fr);
  gap: ${({ theme }) => theme.spacing(2)};
  align-items: start;
  ${({ theme }) => theme.mq.down('md')} {
    grid-template-columns: minmax(0, 1fr);
    &[data-open='true'] > .list-column {
      display: none;
    }
    &[data-open='false'] > .open-column {
      display: none;
    }
  }
  ${({ theme }) => theme.mq.up('md')} {
    .back {
      display: none;
    }
  }
`;

const Filters = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.spacing(0, 2)};
  margin-bottom: ${({ theme }) => theme.spacing(1)};
  & > * {
    flex: 1 1 140px;
  }
`;

const Placeholder = styled.div`
  padding: ${({ theme }) => theme.spacing(4, 2)};
  border: 1px dashed ${({ theme }) => theme.palette.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  color: ${({ theme }) => theme.palette.text.secondary};
  text-align: center;
`;

const NewPane = styled.section`
  padding: ${({ theme }) => theme.spacing(2)};
  background: ${({ theme }) => theme.palette.background.surface};
  border: 1px solid ${({ theme }) => theme.palette.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  h2 {
    margin: ${({ theme }) => theme.spacing(1, 0, 2)};
    font-size: ${({ theme }) => theme.font.size.lg};
  }
`;

/**
 * /messages, /messages/new and /messages/:id: one's conversations with their unread counts, the open one with
 * its messages and composer, and "New conversation". New messages and read marks arrive without a reload.
 */
export function MessagesPage() {
  const { id: idParam } = useParams();
  const navigate = useNavigate();
  const api = useApiClient();
  const { user } = useAuthentication();
  const office = user?.role === 'ROLE_ADMIN' || user?.role === 'ROLE_MASTER';
  const creating = idParam === 'new';
  const openId = idParam && !creating && /^\d+$/.test(idParam) ? Number(idParam) : null;

  // "Show more" asks for a longer first page, so the list grows in place; another filter starts short again.
  const [shown, setShown] = useState(CONVERSATIONS_PAGE_SIZE);
  const list = useList({
    load: (page, { topic, unread }) =>
      api.conversations_list({
        ...page,
        ...(topic ? { topic: topic as Topic } : {}),
        ...(unread ? { unread: true } : {}),
      }),
    pageSize: shown,
    filters: { topic: '', unread: '' },
    failureText: 'The conversations could not be loaded.',
  });
  const { rows: conversations, count, loading, error, filtered, reload } = list;
  const filterBy = (name: 'topic' | 'unread') => (value: string) => {
    list.setFilter(name)(value);
    setShown(CONVERSATIONS_PAGE_SIZE);
  };

  // a new message anywhere, or someone reading: the list's order, previews and unread counts move
  useMessageEvents(reload, reload);

  return (
    <PrivatePage
      title="Messages"
      description={
        office
          ? 'The office’s conversations with employees, and yours with other admins.'
          : 'Your conversations with the office.'
      }
      actions={!creating ? <ButtonLink to="/messages/new">New conversation</ButtonLink> : null}
    >
      <Layout data-open={creating || openId !== null}>
        <div className="list-column">
          <Filters>
            <FilterSelect
              label="Topic"
              value={list.filters.topic}
              onChange={filterBy('topic')}
              all="All topics"
              options={TOPICS}
            />
            <FilterSelect
              label="Show"
              value={list.filters.unread}
              onChange={filterBy('unread')}
              all="All"
              options={{ unread: 'Unread only' }}
            />
          </Filters>
          {error ? <Alert tone="error">{error}</Alert> : null}
          {loading && conversations.length === 0 && !error ? (
            <p role="status">Loading…</p>
          ) : conversations.length === 0 && !error ? (
            <EmptyState
              title={filtered ? 'No conversations match' : 'No conversations yet'}
              description={
                filtered
                  ? 'Try another topic, or show read ones too.'
                  : office
                    ? 'Start one with an employee or another admin.'
                    : 'Start one with the office.'
              }
            />
          ) : (
            <>
              <ConversationList conversations={conversations} openId={openId} timeZone={user?.timezone} />
              {count > conversations.length ? (
                <div css={{ marginTop: 12, textAlign: 'center' }}>
                  <Button size="sm" variant="secondary" onClick={() => setShown(shown + CONVERSATIONS_PAGE_SIZE)}>
                    Show more conversations
                  </Button>
                </div>
              ) : null}
            </>
          )}
        </div>
        <div className="open-column">
          {creating && user ? (
            <NewPane aria-labelledby="new-conversation-title">
              <BackToConversations to="/messages" />
              <h2 id="new-conversation-title">New conversation</h2>
              <NewConversationForm
                office={office}
                userId={user.id}
                onCreated={(conversation) => {
                  reload();
                  navigate(`/messages/${conversation.id}`);
                }}
              />
            </NewPane>
          ) : openId !== null && user ? (
            <ConversationPane
              key={openId}
              id={openId}
              userId={user.id}
              timeZone={user.timezone}
              onChanged={reload}
              backTo="/messages"
            />
          ) : (
            <Placeholder>Choose a conversation to read it, or start a new one.</Placeholder>
          )}
        </div>
      </Layout>
    </PrivatePage>
  );
}

export default MessagesPage;

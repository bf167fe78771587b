import styled from '@emotion/styled';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../app/date-time';
import { TOPICS, type Topic } from '../../domain/messages';
import { CountBadge } from '../../ui/count-badge';
import { ListBox } from '../../ui/list-box';
import type { ConversationSummary } from './messages-api';

const Conversations = styled(ListBox)`
  li + li {
    border-top: 1px solid ${({ theme }) => theme.palette.grey[200]};
  }
  a {
    display: flex;
    flex-direction: column;
    gap: 2px;
    padding: ${({ theme }) => theme.spacing(1.5, 2)};
    color: ${({ theme }) => theme.palette.text.primary};
    text-decoration: none;
    border-left: 4px solid transparent;
  }
  a:hover {
    background: ${({ theme }) => theme.palette.grey[50]};
  }
  a[aria-current='page'] {
    background: ${({ theme }) => theme.palette.primary[50]};
    border-left-color: ${({ theme }) => theme.palette.primaryText};
  }
  a:focus-visible {
    outline: 3px solid ${({ theme }) => theme.palette.focus};
    outline-offset: -3px;
  }
  .line {
    display: flex;
    align-items: baseline;
    justify-content: space-between;
    gap: ${({ theme }) => theme.spacing(1)};
    min-width: 0;
  }
  .who,
  .subject,
  .preview {
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .who {
    font-weight: 600;
  }
  .when {
    flex: none;
    color: ${({ theme }) => theme.palette.text.secondary};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
  .subject,
  .preview {
    font-size: ${({ theme }) => theme.font.size.sm};
  }
  .preview {
    color: ${({ theme }) => theme.palette.text.secondary};
  }
  [data-unread='true'] .who,
  [data-unread='true'] .subject {
    font-weight: 700;
  }
`;

export const UnreadBadge = styled(CountBadge)`
  flex: none;
  min-width: 24px;
  padding: 2px 8px;
`;

export const topicLabel = (topic: Topic) => TOPICS[topic] ?? topic;

/** The conversations, newest activity first: who, topic and subject, the last message's start and the unread count. */
export function ConversationList({
  conversations,
  openId,
  timeZone,
}: {
  conversations: ConversationSummary[];
  openId: number | null;
  timeZone: string | null | undefined;
}) {
  return (
    <Conversations aria-label="Conversations">
      {conversations.map((conversation) => (
        <li key={conversation.id} data-unread={conversation.unread > 0}>
          <Link to={`/messages/${conversation.id}`} aria-current={conversation.id === openId ? 'page' : undefined}>
            <span className="line">
              <span className="who">{conversation.other_party.name}</span>
              <span className="when">{formatDateTime(conversation.last_message_at, timeZone)}</span>
            </span>
            <span className="subject">
              {topicLabel(conversation.topic)}: {conversation.subject}
            </span>
            <span className="line">
              <span className="preview">{conversation.preview}</span>
              {conversation.unread > 0 ? (
                <UnreadBadge aria-label={`${conversation.unread} unread`}>{conversation.unread}</UnreadBadge>
              ) : null}
            </span>
          </Link>
        </li>
      ))}
    </Conversations>
  );
}

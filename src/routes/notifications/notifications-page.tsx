import styled from '@emotion/styled';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useApiClient } from '../../app/api-client';
import { useAuthentication } from '../../app/authentication';
import { formatDateTime } from '../../app/date-time';
import { useLiveEvents, useTellReadHere } from '../../app/live-events';
import { useList } from '../../app/use-list';
import type { User } from '../../api/types';
import { Alert } from '../../ui/alert';
import { apiErrorDetail } from '../../ui/api-error';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { ListBox } from '../../ui/list-box';
import { PageButtons } from '../../ui/page-buttons';
import { SubNav } from '../../ui/tab-strip';
import type { Notification } from '../../api/onboarding';
import { StatusTag } from '../../ui/tag';
import { PrivatePage } from '../../app/page-shell';
import { isObservingNurse } from '../../app/session-user';

export const NOTIFICATIONS_PAGE_SIZE = 20;

/** The notification types of contract-3 with their tab labels. */
export const NOTIFICATION_TYPES: Record<string, string> = {
  application_received: 'Applications',
  form_requested: 'Form requests',
  test_requested: 'Test requests',
  test_observation_needed: 'Skills checks',
  form_completed: 'Forms completed',
  test_submitted: 'Tests submitted',
  document_uploaded: 'Documents uploaded',
  test_completed: 'Test results',
  document_reviewed: 'Document reviews',
  employee_ready: 'Ready to hire',
  document_expiring: 'Expiring documents',
  document_expired: 'Expired documents',
};

/** The types a person receives (contract-3's notify() targets), as filter tabs. */
export function notificationTypesFor(user: Pick<User, 'role' | 'profile'> | null): string[] {
  if (!user) return [];
  if (user.role === 'ROLE_ADMIN' || user.role === 'ROLE_MASTER') {
    return [
      'application_received',
      'form_completed',
      'test_submitted',
      'document_uploaded',
      'document_expiring',
      'document_expired',
    ];
  }
  if (user.role === 'ROLE_EMPLOYEE') {
    return [
      'form_requested',
      'test_requested',
      ...(isObservingNurse(user) ? ['test_observation_needed'] : []),
      'test_completed',
      'document_reviewed',
      'employee_ready',
      'document_expiring',
      'document_expired',
    ];
  }
  return [];
}

export function typeLabel(type: string): string {
  if (NOTIFICATION_TYPES[type]) return NOTIFICATION_TYPES[type];
  const words = type.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const List = styled(ListBox)`
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: flex-start;
    justify-content: space-between;
    gap: ${({ theme }) => theme.spacing(1, 2)};
    padding: ${({ theme }) => theme.spacing(2)};
    border-bottom: 1px solid ${({ theme }) => theme.palette.grey[200]};
    border-left: 4px solid transparent;
  }
  li:last-of-type {
    border-bottom: 0;
  }
  li[data-unread='true'] {
    background: ${({ theme }) => theme.palette.primary[50]};
    border-left-color: ${({ theme }) => theme.palette.primaryText};
  }
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.md};
    font-weight: 500;
    overflow-wrap: anywhere;
  }
  li[data-unread='true'] h2 {
    font-weight: 700;
  }
  h2 a {
    color: ${({ theme }) => theme.palette.primaryText};
  }
  p {
    margin: 4px 0 0;
    overflow-wrap: anywhere;
  }
  .meta {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px;
    color: ${({ theme }) => theme.palette.text.secondary};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
`;

const Pager = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.spacing(1)};
  margin-top: ${({ theme }) => theme.spacing(2)};
`;

/** /notifications and /notifications/:type: one's notifications, newest first; mark one or all read. */
export function NotificationsPage() {
  const { type } = useParams();
  const api = useApiClient();
  const { user } = useAuthentication();
  const allowed = !!user?.permissions.includes('view-notifications');
  // Another type is another list, from its first page; one who may not see notifications is asked nothing.
  const list = useList({
    load: async (page) =>
      allowed ? api.notifications_list({ ...page, ...(type ? { type } : {}) }) : { count: 0, results: [] },
    pageSize: NOTIFICATIONS_PAGE_SIZE,
    failureText: 'The notifications could not be loaded.',
    key: `${type ?? ''}|${allowed}`,
  });
  const { rows, setRows, count, loading, offset } = list;
  const [actionError, setActionError] = useState<string | null>(null);
  const error = actionError ?? list.error;
  // a new notification shows at once (the stream tells of it; the list loads it)
  useLiveEvents('notification.created', list.reload);
  const tellReadHere = useTellReadHere();

  const markRead = async (notification: Notification) => {
    setActionError(null);
    try {
      const updated = await api.notifications_partial_update({ id: notification.id }, { read: true });
      setRows((current) =>
        current.map((row) =>
          row.id === notification.id ? { ...row, read_at: updated?.read_at ?? new Date().toISOString() } : row,
        ),
      );
      tellReadHere('notifications');
    } catch (failure) {
      setActionError(apiErrorDetail(failure, 'The notification could not be marked as read.'));
    }
  };

  const markAllRead = async () => {
    setActionError(null);
    try {
      await api.notifications_read_all_create(null, type ? { type } : {});
      list.reload();
      tellReadHere('notifications');
    } catch (failure) {
      setActionError(apiErrorDetail(failure, 'The notifications could not be marked as read.'));
    }
  };

  const title = type ? `Notifications: ${typeLabel(type)}` : 'Notifications';
  const types = notificationTypesFor(user);
  if (type && !types.includes(type)) types.push(type);
  const unreadOnPage = rows.some((row) => !row.read_at);

  return (
    <PrivatePage
      title={title}
      actions={
        rows.length > 0 ? (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => void markAllRead()}
            disabled={!unreadOnPage && offset === 0 && count <= rows.length}
          >
            Mark all as read
          </Button>
        ) : null
      }
    >
      {types.length ? (
        <SubNav
          label="Notification types"
          items={[
            { to: '/notifications', label: 'All', end: true },
            ...types.map((candidate) => ({ to: `/notifications/${candidate}`, label: typeLabel(candidate) })),
          ]}
        />
      ) : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      {loading && rows.length === 0 ? (
        <p role="status">Loading…</p>
      ) : rows.length === 0 && !error ? (
        <EmptyState
          title="No notifications"
          description={type ? 'You have no notifications of this type.' : 'You are all caught up.'}
        />
      ) : rows.length > 0 ? (
        <>
          <List aria-label={title} aria-busy={loading || undefined}>
            {rows.map((notification) => {
              const unread = !notification.read_at;
              // a page of the portal only ('//host' and '/\\host' would leave it)
              const link = notification.link && /^\/(?![/\\])/.test(notification.link) ? notification.link : null;
              return (
                <li key={notification.id} data-unread={unread}>
                  <div css={{ minWidth: 0, flex: '1 1 220px' }}>
                    <h2>
                      {link ? (
                        <Link to={link} onClick={() => (unread ? void markRead(notification) : undefined)}>
                          {notification.title}
                        </Link>
                      ) : (
                        notification.title
                      )}
                    </h2>
                    {notification.body ? <p>{notification.body}</p> : null}
                    <p className="meta">
                      {unread ? <StatusTag tone="warning">Unread</StatusTag> : null}
                      <span>{typeLabel(notification.type)}</span>
                      <span>{formatDateTime(notification.created_at, user?.timezone)}</span>
                    </p>
                  </div>
                  {unread ? (
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={`Mark as read: ${notification.title}`}
                      onClick={() => void markRead(notification)}
                    >
                      Mark as read
                    </Button>
                  ) : null}
                </li>
              );
            })}
          </List>
          {count > NOTIFICATIONS_PAGE_SIZE ? (
            <Pager>
              <PageButtons {...list.paging} />
            </Pager>
          ) : null}
        </>
      ) : null}
    </PrivatePage>
  );
}

export default NotificationsPage;

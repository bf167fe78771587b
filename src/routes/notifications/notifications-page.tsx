import styled from '@emotion/styled';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useApiClient } from '../../app/api-client';
import { useAuthentication } from '../../app/authentication';
import { formatDateTime } from '../../app/date-time';
import type { ResponseData } from '../../api/types';
import { Alert } from '../../ui/alert';
import { apiErrorDetail } from '../../ui/api-error';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { PrivatePage } from '../placeholder/private-page';

type Notification = ResponseData<'notifications_list'>['results'][number];

export const NOTIFICATIONS_PAGE_SIZE = 20;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  background: ${({ theme }) => theme.palette.background.surface};
  border: 1px solid ${({ theme }) => theme.palette.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  li {
    padding: ${({ theme }) => theme.spacing(2)};
    border-bottom: 1px solid ${({ theme }) => theme.palette.grey[200]};
  }
  li:last-of-type {
    border-bottom: 0;
  }
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.md};
  }
  p {
    margin: 4px 0 0;
    overflow-wrap: anywhere;
  }
  .meta {
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

function typeLabel(type: string): string {
  const words = type.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** /notifications and /notifications/:type: one's notifications, newest first (marking read comes later). */
export function NotificationsPage() {
  const { type } = useParams();
  const api = useApiClient();
  const { user } = useAuthentication();
  const allowed = !!user?.permissions.includes('view-notifications');
  const [offset, setOffset] = useState(0);
  const [rows, setRows] = useState<Notification[]>([]);
  const [count, setCount] = useState(0);
  const [loading, setLoading] = useState(allowed);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => setOffset(0), [type]);

  useEffect(() => {
    if (!allowed) return;
    let active = true;
    setLoading(true);
    setError(null);
    api
      .notifications_list({ limit: NOTIFICATIONS_PAGE_SIZE, offset, ...(type ? { type } : {}) })
      .then((page) => {
        if (!active) return;
        setRows(page.results);
        setCount(page.count);
      })
      .catch((failure: unknown) => {
        if (active) setError(apiErrorDetail(failure, 'The notifications could not be loaded.'));
      })
      .finally(() => {
        if (active) setLoading(false);
      });
    return () => {
      active = false;
    };
  }, [api, allowed, offset, type]);

  const title = type ? `Notifications: ${typeLabel(type)}` : 'Notifications';

  return (
    <PrivatePage title={title}>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {loading ? (
        <p role="status">Loading…</p>
      ) : rows.length === 0 ? (
        <EmptyState title="No notifications" description={type ? 'You have no notifications of this type.' : 'You are all caught up.'} />
      ) : (
        <>
          <List aria-label={title}>
            {rows.map((notification) => (
              <li key={notification.id}>
                <h2>
                  {notification.title}
                  {notification.read_at ? null : <span className="meta"> · Unread</span>}
                </h2>
                {notification.body ? <p>{notification.body}</p> : null}
                <p className="meta">
                  {formatDateTime(notification.created_at, user?.timezone)}
                  {notification.link && notification.link.startsWith('/') ? (
                    <>
                      {' · '}
                      <Link to={notification.link}>Open</Link>
                    </>
                  ) : null}
                </p>
              </li>
            ))}
          </List>
          {count > NOTIFICATIONS_PAGE_SIZE ? (
            <Pager>
              <Button size="sm" variant="secondary" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - NOTIFICATIONS_PAGE_SIZE))}>
                Previous
              </Button>
              <Button size="sm" variant="secondary" disabled={offset + NOTIFICATIONS_PAGE_SIZE >= count} onClick={() => setOffset(offset + NOTIFICATIONS_PAGE_SIZE)}>
                Next
              </Button>
            </Pager>
          ) : null}
        </>
      )}
    </PrivatePage>
  );
}

export default NotificationsPage;

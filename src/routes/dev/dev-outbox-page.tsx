import { useApiClient } from '../../app/api-client';
import { useAuthentication } from '../../app/authentication';
import { formatDateTime } from '../../app/date-time';
import { useList } from '../../app/use-list';
import type { ResponseData } from '../../api/types';
import { Alert } from '../../ui/alert';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { EmptyState } from '../../ui/empty-state';
import { PrivatePage } from '../../app/page-shell';

type Mail = ResponseData<'dev_outbox_list'>['results'][number];

export const OUTBOX_PAGE_SIZE = 20;

export const MAIL_STATE_TEXT: Record<Mail['state'], string> = {
  printed: 'Not sent: printed on the server console (no mail server is set up)',
  sent: 'Sent',
  failed: 'Not sent: the mail server refused it',
};

/** /dev (admin): the mail outbox kept when no SMTP server is configured, newest first. */
export function DevOutboxPage() {
  const api = useApiClient();
  const { user } = useAuthentication();
  const list = useList({
    load: (page) => api.dev_outbox_list(page),
    pageSize: OUTBOX_PAGE_SIZE,
    failureText: 'The outbox could not be loaded.',
  });

  const columns: DataTableColumn<Mail>[] = [
    { key: 'to', header: 'To', width: '18%' },
    { key: 'subject', header: 'Subject', width: '18%' },
    {
      key: 'created_at',
      header: 'Time',
      width: '14%',
      render: (row) => formatDateTime(row.created_at, user?.timezone),
    },
    { key: 'state', header: 'State', width: '14%', render: (row) => MAIL_STATE_TEXT[row.state] },
    // as text, never as links: a mail may carry what an applicant typed
    {
      key: 'text',
      header: 'Text',
      render: (row) => <span css={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{row.text}</span>,
    },
  ];

  return (
    <PrivatePage
      title="Dev: mail outbox"
      description="The mail of your organization. Sign-up and password-reset links show as [redacted]: they reach only the person they were sent to."
    >
      {list.error ? <Alert tone="error">{list.error}</Alert> : null}
      <DataTable
        caption="Outbox"
        columns={columns}
        {...list.table}
        rowKey={(row) => row.id}
        empty={
          <EmptyState title="The outbox is empty" description="Invitations and password resets will appear here." />
        }
      />
    </PrivatePage>
  );
}

export default DevOutboxPage;

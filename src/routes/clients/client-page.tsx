import { Navigate, Route, Routes, useLocation, useParams } from 'react-router-dom';
import { useApiClient } from '../../app/api-client';
import { useRecord } from '../../app/use-record';
import { RecordPending } from '../../app/record-pending';
import { CLIENT_TYPES } from '../../domain/labels';
import { Alert } from '../../ui/alert';
import { TextLink } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { personName } from '../../api/hiring';
import { Messages, Panel } from '../../ui/layout';
import { Tag } from '../../ui/tag';
import { SubNav } from '../../ui/tab-strip';
import { PrivateNotFoundPage } from '../../app/not-found-pages';
import { PrivatePage } from '../../app/page-shell';
import { GrievanceDesk } from '../../app/grievances/grievance-list';
import { ClientReviewsTab } from './client-reviews-tab';
import { ClientAccessHistoryTab } from './client-access-history-tab';
import { ClientDetailsTab } from './client-details-tab';
import { ClientServicesTab } from './client-services-tab';
import type { ClientTabProps } from './client-tab-props';
import { ClientVisitsTab } from './client-visits-tab';
import { ClientStatusTag } from './clients-page';

const TABS = [
  { path: 'details', label: 'Details' },
  { path: 'services', label: 'Services and authorizations' },
  { path: 'visits', label: 'Visits' },
  { path: 'reviews', label: 'Work-service reviews' },
  { path: 'notes', label: 'Notes' },
  { path: 'documents', label: 'Documents' },
  { path: 'grievances', label: 'Grievances' },
  { path: 'access-history', label: 'Access history' },
] as const;

/** Notes: the client's notes as written; they are edited with the other details. */
function ClientNotesTab({ client }: ClientTabProps) {
  return (
    <Panel aria-labelledby="client-notes-title">
      <h2 id="client-notes-title">Notes</h2>
      {client.notes ? (
        <p css={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', marginTop: 0 }}>{client.notes}</p>
      ) : (
        <p css={{ marginTop: 0 }}>No notes yet.</p>
      )}
      <TextLink to={`/clients/${client.id}/details`}>Edit the notes under Details</TextLink>
    </Panel>
  );
}

/** /clients/:id/*: one client, its sections as sub-routes. */
export function ClientPage() {
  const { id: rawId } = useParams();
  const id = Number(rawId);
  const api = useApiClient();
  const location = useLocation();
  const notice = (location.state as { notice?: string } | null)?.notice ?? null;
  const record = useRecord(() => api.clients_retrieve({ id }), String(id), 'The client could not be loaded.', {
    enabled: Number.isInteger(id) && id > 0,
    clearOnNewKey: true,
  });
  const { data: client, setData: setClient } = record;

  if (!Number.isInteger(id) || id <= 0 || record.status === 404) return <PrivateNotFoundPage />;

  const back = <TextLink to="/clients">Back to clients</TextLink>;
  if (!client) return <RecordPending title="Client" back={back} error={record.error} />;

  const props: ClientTabProps = { client, onClientChange: setClient };
  const base = `/clients/${client.id}`;

  return (
    <PrivatePage
      title={personName(client)}
      description={
        <>
          {back} · {CLIENT_TYPES[client.type] ?? client.type} · <ClientStatusTag status={client.status} />
          {client.referral_id ? (
            <>
              {' '}
              · <Tag>From a referral</Tag>
            </>
          ) : null}
        </>
      }
    >
      <Messages>{notice ? <Alert tone="success">{notice}</Alert> : null}</Messages>
      <SubNav label="Client sections" items={TABS.map((tab) => ({ to: `${base}/${tab.path}`, label: tab.label }))} />
      <Routes>
        <Route index element={<Navigate to="details" replace state={location.state} />} />
        <Route path="details" element={<ClientDetailsTab {...props} />} />
        <Route path="services" element={<ClientServicesTab {...props} />} />
        <Route path="visits" element={<ClientVisitsTab {...props} />} />
        <Route path="reviews/*" element={<ClientReviewsTab {...props} />} />
        <Route path="notes" element={<ClientNotesTab {...props} />} />
        <Route
          path="documents"
          element={
            <EmptyState title="No documents yet" description="The client's documents come with a later release." />
          }
        />
        <Route
          path="grievances"
          element={
            <GrievanceDesk
              caption="The client's grievances"
              clientId={client.id}
              emptyDescription="Grievances about this client, filed by them or taken by phone, appear here."
            />
          }
        />
        <Route path="access-history" element={<ClientAccessHistoryTab {...props} />} />
        <Route
          path="*"
          element={<EmptyState title="Section not found" description="Choose one of the sections above." />}
        />
      </Routes>
    </PrivatePage>
  );
}

export default ClientPage;

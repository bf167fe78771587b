import { useState } from 'react';
import { useApiClient } from '../../app/api-client';
import { useAuthentication } from '../../app/authentication';
import { useRecord } from '../../app/use-record';
import { formatDateTime } from '../../app/date-time';
import { SERVICES } from '../../domain/clients';
import { dateIn } from '../../domain/dates';
import { DEFAULT_LOCALE } from '../../domain/constants';
import { VISIT_STATUSES } from '../../domain/visits';
import { Alert } from '../../ui/alert';
import { TextLink } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { formatCalendarDate } from '../../api/hiring';
import { GrievanceForm } from '../../app/grievances/grievance-form';
import { OwnGrievances } from '../../app/grievances/grievance-list';
import { Messages, Panel } from '../../ui/layout';
import { Tag, TagList } from '../../ui/tag';
import { Cards } from '../../ui/cards';
import { PrivatePage } from '../../app/page-shell';
import type { WelcomeVisit } from '../../api/clients';

export const CONCERNS_PAGE_SIZE = 50;

function timeOfDay(iso: string, timeZone: string | null | undefined): string {
  try {
    return new Intl.DateTimeFormat(DEFAULT_LOCALE, { timeStyle: 'short', timeZone: timeZone || undefined })
      .format(new Date(iso))
      .replace(/[\u202f\u00a0]/g, ' ');
  } catch {
    return new Intl.DateTimeFormat(DEFAULT_LOCALE, { timeStyle: 'short' })
      .format(new Date(iso))
      .replace(/[\u202f\u00a0]/g, ' ');
  }
}

function VisitList({
  visits,
  timeZone,
  emptyTitle,
  empty,
}: {
  visits: WelcomeVisit[];
  timeZone: string | null | undefined;
  emptyTitle: string;
  empty: string;
}) {
  if (visits.length === 0) return <EmptyState title={emptyTitle} description={empty} />;
  return (
    <Cards>
      {visits.map((visit) => (
        <li key={visit.id}>
          <strong>
            {formatDateTime(visit.starts_at, timeZone)} – {timeOfDay(visit.ends_at, timeZone)}
          </strong>
          <p>
            {SERVICES[visit.service as keyof typeof SERVICES] ?? visit.service}
            {visit.caregiver ? ` with ${visit.caregiver}` : ' (caregiver to be confirmed)'}
          </p>
          <p>
            <TagList>
              <Tag>{VISIT_STATUSES[visit.status as keyof typeof VISIT_STATUSES] ?? visit.status}</Tag>
              {visit.changed ? <Tag tone="warning">Changed since it was booked</Tag> : null}
            </TagList>
          </p>
        </li>
      ))}
    </Cards>
  );
}

/** /clients/welcome/* (a client or their family member; phone first): who comes when, what to sign, a concern to report. */
export function WelcomePage() {
  const api = useApiClient();
  const { user } = useAuthentication();
  const timeZone = user?.timezone;
  const { data: welcome, error: loadError } = useRecord(
    () => api.clients_welcome_retrieve(),
    'welcome',
    'Your page could not be loaded. Please try again.',
  );
  const concernsRecord = useRecord(
    async () => (await api.grievances_list({ limit: CONCERNS_PAGE_SIZE, offset: 0 })).results,
    'concerns',
    'Your concerns could not be loaded.',
  );
  const { data: concerns, setData: setConcerns, error: concernsError } = concernsRecord;
  const [notice, setNotice] = useState<string | null>(null);

  const client = welcome?.client ?? null;
  const title = client ? `Welcome, ${client.first_name}` : 'Welcome';
  const forFamily = welcome?.relationship === 'FAMILY' && client;

  return (
    <PrivatePage
      title={title}
      description={forFamily ? `You follow the care of ${client.first_name} ${client.last_name}.` : undefined}
    >
      <Messages>{loadError ? <Alert tone="error">{loadError}</Alert> : null}</Messages>
      {!welcome && !loadError ? <p role="status">Loading…</p> : null}
      {welcome && !client ? (
        <Alert tone="warning">
          Your account is not linked to a client record yet. Please ask the office to link it; then your visits appear
          here.
        </Alert>
      ) : null}

      {client ? (
        <>
          <Panel aria-labelledby="welcome-upcoming-title">
            <h2 id="welcome-upcoming-title">Who comes when</h2>
            <VisitList
              visits={welcome!.upcoming_visits}
              timeZone={timeZone}
              emptyTitle="No visits scheduled yet"
              empty="Your schedule appears here: the day, the time and who comes."
            />
          </Panel>
          <Panel aria-labelledby="welcome-past-title">
            <h2 id="welcome-past-title">Past month</h2>
            <VisitList
              visits={welcome!.past_visits}
              timeZone={timeZone}
              emptyTitle="No visits in the past month"
              empty="The visits of the past month appear here once they have taken place."
            />
          </Panel>
          <Panel aria-labelledby="welcome-signature-title">
            <h2 id="welcome-signature-title">Waiting for your signature</h2>
            {welcome!.awaiting_signature.length === 0 ? (
              <p css={{ margin: 0 }}>Nothing waits for your signature.</p>
            ) : (
              <Cards>
                {welcome!.awaiting_signature.map((item) => (
                  <li key={`${item.kind}-${item.id}`}>
                    <TextLink to={item.link}>{item.title}</TextLink>
                    {item.kind === 'work_service_review' ? (
                      <p>Check the visits of the week, then sign, or dispute a visit that is not right.</p>
                    ) : null}
                    {item.due_on ? <p>Due {formatCalendarDate(item.due_on)}</p> : null}
                  </li>
                ))}
              </Cards>
            )}
          </Panel>
        </>
      ) : null}

      <Panel aria-labelledby="welcome-concern-title">
        <h2 id="welcome-concern-title">Report a concern</h2>
        <p css={{ marginTop: 0 }}>
          Tell the office about anything that worries you: the care, a visit, a caregiver, your privacy or a bill. The
          office follows up.
        </p>
        <Messages>{notice ? <Alert tone="success">{notice}</Alert> : null}</Messages>
        <GrievanceForm
          today={dateIn(timeZone || Intl.DateTimeFormat().resolvedOptions().timeZone, new Date())}
          labelledBy="welcome-concern-title"
          submitLabel="Send concern"
          save={(body) => api.grievances_create(null, body)}
          onSaved={(created) => {
            setConcerns((current) => [created, ...(current ?? []).filter((row) => row.id !== created.id)]);
            setNotice('Thank you. Your concern was received; the office will follow up.');
          }}
        />
      </Panel>

      <Panel aria-labelledby="welcome-concerns-title">
        <h2 id="welcome-concerns-title">Your concerns</h2>
        {concernsError ? <Alert tone="error">{concernsError}</Alert> : null}
        {concerns === null && !concernsError ? <p role="status">Loading…</p> : null}
        {concerns && concerns.length === 0 ? <p css={{ margin: 0 }}>You have not reported a concern.</p> : null}
        {concerns && concerns.length > 0 ? <OwnGrievances viewer="client" rows={concerns} timeZone={timeZone} /> : null}
      </Panel>
    </PrivatePage>
  );
}

export default WelcomePage;

import { useEffect, useState } from 'react';
import { useApiClient } from '../../app/api-client';
import { useAuthentication } from '../../app/authentication';
import { useOrganizationTimeZone } from '../../app/organization';
import { dateIn } from '../../domain/dates';
import { Alert } from '../../ui/alert';
import { apiErrorDetail } from '../../ui/api-error';
import { Messages, Panel } from '../../ui/layout';
import { PrivatePage } from '../../app/page-shell';
import { GrievanceForm } from '../../app/grievances/grievance-form';
import { OwnGrievances } from '../../app/grievances/grievance-list';
import type { GrievanceSummary } from '../../api/grievances';

export const OWN_GRIEVANCES_PAGE_SIZE = 50;

/** /grievances (a READY employee, view-grievances): file a grievance with the office and follow your own. */
export function GrievancesPage() {
  const api = useApiClient();
  const { user } = useAuthentication();
  const today = dateIn(useOrganizationTimeZone(), new Date());
  const [rows, setRows] = useState<GrievanceSummary[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    api
      .grievances_list({ limit: OWN_GRIEVANCES_PAGE_SIZE, offset: 0 })
      .then((page) => {
        if (active) setRows(page.results);
      })
      .catch((failure: unknown) => {
        if (active) setLoadError(apiErrorDetail(failure, 'Your grievances could not be loaded.'));
      });
    return () => {
      active = false;
    };
  }, [api]);

  return (
    <PrivatePage
      title="Grievances"
      description="Tell the office about a problem at work. Filing a grievance never counts against you."
    >
      <Panel aria-labelledby="file-grievance-title">
        <h2 id="file-grievance-title">File a grievance</h2>
        <Messages>{notice ? <Alert tone="success">{notice}</Alert> : null}</Messages>
        <GrievanceForm
          today={today}
          labelledBy="file-grievance-title"
          submitLabel="Send grievance"
          save={(body) => api.grievances_create(null, body)}
          onSaved={(grievance) => {
            setRows((current) => [grievance, ...(current ?? []).filter((row) => row.id !== grievance.id)]);
            setNotice('Thank you. Your grievance was received; the office will follow up.');
          }}
        />
      </Panel>
      <Panel aria-labelledby="own-grievances-title">
        <h2 id="own-grievances-title">Your grievances</h2>
        {loadError ? <Alert tone="error">{loadError}</Alert> : null}
        {rows === null && !loadError ? <p role="status">Loading…</p> : null}
        {rows && rows.length === 0 ? <p css={{ margin: 0 }}>You have not filed a grievance.</p> : null}
        {rows && rows.length > 0 ? <OwnGrievances viewer="employee" rows={rows} timeZone={user?.timezone} /> : null}
      </Panel>
    </PrivatePage>
  );
}

export default GrievancesPage;

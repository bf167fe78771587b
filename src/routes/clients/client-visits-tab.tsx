import { useState } from 'react';
import { VisitForm } from '../../app/visits/visit-form';
import { VisitWeek } from '../../app/visits/visit-week';
import type { ClientTabProps } from './client-tab-props';

/** Visits: the client's visits of a week (cancel, assign an asker to an Open one) and "Book a visit". */
export function ClientVisitsTab({ client }: ClientTabProps) {
  const [booked, setBooked] = useState(0);
  return (
    <>
      <VisitWeek
        filter={{ client_id: client.id }}
        party="caregiver"
        caption={`Visits of ${client.first_name} ${client.last_name}`}
        reloadKey={booked}
      />
      {client.status === 'DISCHARGED' ? null : (
        <VisitForm client={client} onBooked={() => setBooked((count) => count + 1)} />
      )}
    </>
  );
}

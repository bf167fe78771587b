import { useState } from 'react';
import { EmptyState } from '../../ui/empty-state';
import { VisitForm } from '../../app/visits/visit-form';
import { VisitWeek } from '../../app/visits/visit-week';
import type { EmployeeTabProps } from './employee-tab-props';
import { personName } from '../../api/hiring';

/** Schedule: the employee's visits of a week and "Book a visit" for them (READY employees only: a NEW one has no schedule). */
export function EmployeeScheduleTab({ employee }: EmployeeTabProps) {
  const [booked, setBooked] = useState(0);
  if (employee.status !== 'READY') {
    return (
      <EmptyState
        title="No schedule yet"
        description={`${personName(employee)} can be scheduled once their onboarding is finished (READY).`}
      />
    );
  }
  return (
    <>
      <VisitWeek
        filter={{ caregiver_id: employee.id }}
        party="client"
        caption={`Visits of ${personName(employee)}`}
        reloadKey={booked}
      />
      {employee.is_active ? <VisitForm caregiver={employee} onBooked={() => setBooked((count) => count + 1)} /> : null}
    </>
  );
}

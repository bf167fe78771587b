import { useEffect, useState } from 'react';
import { useApiClient } from '../../app/api-client';
import { useOrganization } from '../../app/organization';
import { addDays, dateIn } from '../../domain/dates';
import { weekStartOf } from '../../domain/visits';
import { Alert } from '../../ui/alert';
import { CsvDownloadButton } from '../../ui/csv-download-button';
import { EmptyState } from '../../ui/empty-state';
import { payrollErrorText, PayrollWeek } from '../../app/payroll-week';
import { WEEK_STARTS_ON, type PayrollPeriod } from '../../api/visits';
import type { EmployeeTabProps } from './employee-tab-props';
import { personName } from '../../api/hiring';
import { Messages, Panel, RowActions } from '../../ui/layout';
import { PeriodFields, periodProblem } from '../../ui/period-fields';

/** Weeks shown at first: this one and the three before it (the server's default too). */
export const PAYROLL_WEEKS = 4;
/** A year of weeks fits one answer (the server refuses longer periods). */
const PAYROLL_LIMIT = 60;

/** Payroll: the employee's pay periods (verified visits as worked, daily and weekly totals, overtime) and their CSV. */
export function EmployeePayrollTab({ employee }: EmployeeTabProps) {
  const api = useApiClient();
  const { organization } = useOrganization();
  const timeZone = organization?.timezone || 'UTC';
  const today = dateIn(timeZone, new Date());
  const [from, setFrom] = useState(() => addDays(weekStartOf(today, WEEK_STARTS_ON), -7 * (PAYROLL_WEEKS - 1)));
  const [to, setTo] = useState(today);
  const [periods, setPeriods] = useState<PayrollPeriod[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const problem = periodProblem(from, to);

  useEffect(() => {
    if (problem) return;
    let active = true;
    setError(null);
    api
      .payroll_periods_list({ employee_id: employee.id, from, to, limit: PAYROLL_LIMIT })
      .then((answer) => {
        if (active) setPeriods(answer.results);
      })
      .catch((failure: unknown) => {
        if (active) {
          setPeriods([]);
          setError(payrollErrorText(failure, 'The pay periods could not be loaded.'));
        }
      });
    return () => {
      active = false;
    };
  }, [api, employee.id, from, to, problem]);

  const worked = periods?.filter((period) => period.visits.length > 0) ?? [];
  return (
    <>
      <Panel aria-labelledby="payroll-title">
        <h2 id="payroll-title">Payroll</h2>
        <p css={{ marginTop: 0 }}>
          Weekly pay periods of {personName(employee)}: each verified visit as worked (the office's corrected times if
          any, no rounding), daily and weekly totals, hours over 40 in a week as overtime.
        </p>
        <PeriodFields label="Period" from={from} to={to} onFromChange={setFrom} onToChange={setTo} />
        <RowActions>
          <CsvDownloadButton
            label="Download CSV"
            load={() =>
              api.payroll_periods_export_retrieve({ employee_id: employee.id, from, to }, null, {
                responseType: 'text',
              })
            }
            fileName={`payroll-${employee.id}-${from}-to-${to}.csv`}
            failureText={(failure) => payrollErrorText(failure, 'The payroll could not be downloaded.')}
            onError={setError}
            disabled={!!problem}
          />
        </RowActions>
      </Panel>
      <Messages>{error ? <Alert tone="error">{error}</Alert> : null}</Messages>
      {periods === null ? (
        problem ? null : (
          <p role="status">Loading…</p>
        )
      ) : worked.length ? (
        periods.map((period) => <PayrollWeek key={period.week_start} period={period} />)
      ) : error ? null : (
        <EmptyState
          title="No verified visits in the period"
          description="Visits count for pay once they are verified: both clocks within tolerance, or their exceptions resolved."
        />
      )}
    </>
  );
}

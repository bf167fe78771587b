import styled from '@emotion/styled';
import { useEffect, useState } from 'react';
import { useApiClient } from '../../../app/api-client';
import { Alert } from '../../../ui/alert';
import { apiErrorDetail } from '../../../ui/api-error';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { FieldShell, Select } from '../../../ui/fields';
import { SearchField } from '../../../ui/search-field';
import { useDebouncedValue } from '../../../ui/use-debounced-value';
import { positionLabel } from '../../../domain/labels';
import { ProfileStatusTag } from '../../../ui/profile-status-tag';
import {
  ALL_ROWS,
  personName,
  type CompetencyTest,
  type EmployeeSummary,
  type FormTemplate,
} from '../../../api/hiring';
import { Filters, Messages, Panel, RowActions } from '../../../ui/layout';

const SEARCH_DELAY_MS = 300;
const EMPLOYEE_LIMIT = 50;

const People = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  border: 1px solid ${({ theme }) => theme.palette.border};
  border-radius: ${({ theme }) => theme.radii.md};
  max-height: 420px;
  overflow-y: auto;
  li + li {
    border-top: 1px solid ${({ theme }) => theme.palette.grey[200]};
  }
  label {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${({ theme }) => theme.spacing(1, 2)};
    min-height: 48px;
    padding: ${({ theme }) => theme.spacing(1, 2)};
    cursor: pointer;
  }
  input {
    width: 20px;
    height: 20px;
    margin: 0;
    accent-color: ${({ theme }) => theme.palette.primaryText};
  }
  small {
    color: ${({ theme }) => theme.palette.text.secondary};
  }
`;

type Kind = 'form' | 'test';

/** Send a form template or a competency test to one or many employees. */
export function SendRequestsTab() {
  const api = useApiClient();
  const [kind, setKind] = useState<Kind>('form');
  const [templates, setTemplates] = useState<FormTemplate[]>([]);
  const [tests, setTests] = useState<CompetencyTest[]>([]);
  const [item, setItem] = useState('');
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const [employees, setEmployees] = useState<EmployeeSummary[]>([]);
  const [count, setCount] = useState(0);
  const [selected, setSelected] = useState<Map<number, EmployeeSummary>>(new Map());
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    api
      .form_templates_list(ALL_ROWS)
      .then((answer) => setTemplates(answer.results.filter((row) => row.active)))
      .catch((failure: unknown) => setError(apiErrorDetail(failure, 'The form templates could not be loaded.')));
    api
      .competency_tests_list(ALL_ROWS)
      .then((answer) => setTests(answer.results.filter((row) => row.active)))
      .catch((failure: unknown) => setError(apiErrorDetail(failure, 'The competency tests could not be loaded.')));
  }, [api]);

  useEffect(() => {
    let active = true;
    api
      .employees_list({ limit: EMPLOYEE_LIMIT, offset: 0, ordering: 'last_name', ...(query ? { search: query } : {}) })
      .then((page) => {
        if (!active) return;
        setEmployees(page.results);
        setCount(page.count);
      })
      .catch((failure: unknown) => {
        if (active) setError(apiErrorDetail(failure, 'The employees could not be loaded.'));
      });
    return () => {
      active = false;
    };
  }, [api, query]);

  const options =
    kind === 'form'
      ? templates.map((row) => ({ id: row.id, name: row.name }))
      : tests.map((row) => ({ id: row.id, name: row.name }));
  const chosen = options.find((option) => String(option.id) === item);
  const toggle = (employee: EmployeeSummary, on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(employee.id, employee);
      else next.delete(employee.id);
      return next;
    });
  const allShownSelected = employees.length > 0 && employees.every((employee) => selected.has(employee.id));

  const send = async () => {
    if (!chosen) return;
    setBusy(true);
    setNotice(null);
    setError(null);
    const employee_ids = [...selected.keys()];
    try {
      const sent =
        kind === 'form'
          ? await api.form_requests_create(null, { template_id: chosen.id, employee_ids })
          : await api.test_requests_create(null, { test_id: chosen.id, employee_ids });
      const n = Array.isArray(sent) ? sent.length : employee_ids.length;
      setNotice(`${chosen.name} was sent to ${n} ${n === 1 ? 'employee' : 'employees'}.`);
      setSelected(new Map());
    } catch (failure) {
      setError(apiErrorDetail(failure, 'The requests could not be sent.'));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  const n = selected.size;
  return (
    <>
      <Messages>
        {notice ? <Alert tone="success">{notice}</Alert> : null}
        {error ? <Alert tone="error">{error}</Alert> : null}
      </Messages>
      <Panel aria-labelledby="send-what-title">
        <h2 id="send-what-title">1. What to send</h2>
        <Filters>
          <FieldShell label="Kind">
            {({ invalid, ...control }) => (
              <Select
                {...control}
                invalid={invalid}
                value={kind}
                onChange={(event) => {
                  setKind(event.target.value as Kind);
                  setItem('');
                }}
              >
                <option value="form">Form</option>
                <option value="test">Competency test</option>
              </Select>
            )}
          </FieldShell>
          <FieldShell label={kind === 'form' ? 'Form template' : 'Competency test'}>
            {({ invalid, ...control }) => (
              <Select {...control} invalid={invalid} value={item} onChange={(event) => setItem(event.target.value)}>
                <option value="">Choose…</option>
                {options.map((option) => (
                  <option key={option.id} value={String(option.id)}>
                    {option.name}
                  </option>
                ))}
              </Select>
            )}
          </FieldShell>
        </Filters>
      </Panel>
      <Panel aria-labelledby="send-who-title">
        <h2 id="send-who-title">2. To whom</h2>
        <Filters role="search" aria-label="Find employees">
          <SearchField
            label="Search employees"
            hint={
              count > employees.length ? `Showing ${employees.length} of ${count}; search to find others.` : undefined
            }
            value={search}
            placeholder="Name or email"
            onChange={setSearch}
          />
        </Filters>
        <RowActions css={{ marginBottom: 8 }}>
          <Button
            size="sm"
            variant="secondary"
            disabled={employees.length === 0}
            onClick={() => employees.forEach((employee) => toggle(employee, !allShownSelected))}
          >
            {allShownSelected ? 'Clear those shown' : 'Select all shown'}
          </Button>
          <span aria-live="polite">{n === 1 ? '1 employee selected' : `${n} employees selected`}</span>
        </RowActions>
        {employees.length === 0 ? (
          <p>No employees match.</p>
        ) : (
          <People aria-label="Employees">
            {employees.map((employee) => (
              <li key={employee.id}>
                <label>
                  <input
                    type="checkbox"
                    checked={selected.has(employee.id)}
                    onChange={(event) => toggle(employee, event.target.checked)}
                  />
                  <span css={{ fontWeight: 600 }}>{personName(employee)}</span>
                  <small>{positionLabel(employee.position)}</small>
                  <ProfileStatusTag status={employee.status} />
                </label>
              </li>
            ))}
          </People>
        )}
      </Panel>
      <RowActions>
        <Button disabled={!chosen || n === 0} onClick={() => setConfirming(true)}>
          {n > 0 ? `Send to ${n} ${n === 1 ? 'employee' : 'employees'}` : 'Send'}
        </Button>
      </RowActions>
      {confirming && chosen ? (
        <ConfirmDialog
          title={`Send ${chosen.name}?`}
          confirmLabel="Send"
          busy={busy}
          onConfirm={() => void send()}
          onCancel={() => setConfirming(false)}
        >
          <p>
            {n === 1 ? '1 employee' : `${n} employees`} will be notified in the portal and by mail:{' '}
            {[...selected.values()].map(personName).join(', ')}.
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

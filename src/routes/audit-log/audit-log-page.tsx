import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useApiClient } from '../../app/api-client';
import { useAuthentication } from '../../app/authentication';
import { formatDateTime } from '../../app/date-time';
import { useOrganization } from '../../app/organization';
import { useList } from '../../app/use-list';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, type AuditActionCode } from '../../domain/audit';
import { isIsoDate } from '../../domain/dates';
import { ROLE_LABELS, type Role } from '../../domain/roles';
import { Alert } from '../../ui/alert';
import { CsvDownloadButton } from '../../ui/csv-download-button';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { EmptyState } from '../../ui/empty-state';
import { FieldShell, FilterSelect, Input } from '../../ui/fields';
import { DateRangeFields } from '../../ui/date-range-fields';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import { Filters, Messages } from '../../ui/layout';
import { Tag, type TagTone } from '../../ui/tag';
import { PrivatePage } from '../../app/page-shell';
import type { AuditEntry, AuditFilters, AuditPerson } from './audit-log-api';

export const AUDIT_PAGE_SIZE = 25;
const TYPING_DELAY_MS = 300;
/** A value longer than this is cut in the details line (the CSV keeps it whole). */
const VALUE_MAX = 80;

const ROLE_NAMES: Record<string, string> = { ...ROLE_LABELS, ROLE_MASTER: 'Master' };
const ACTION_TONES: Partial<Record<AuditActionCode, TagTone>> = {
  SIGN_IN_FAILED: 'error',
  DELETE: 'error',
  UPDATE: 'warning',
  CREATE: 'success',
  EXPORT: 'warning',
};

const words = (key: string) => key.replace(/_/g, ' ');

function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  const text =
    typeof value === 'string'
      ? value
      : typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : JSON.stringify(value);
  return text.length > VALUE_MAX ? `${text.slice(0, VALUE_MAX - 1)}…` : text;
}

const isChange = (value: unknown): value is { from: unknown; to: unknown } =>
  !!value && typeof value === 'object' && !Array.isArray(value) && 'from' in value && 'to' in value;

/** The row's changed fields, one line each: `first name: Alice → Ada`, a search's query, what was read. */
export function changeLines(changed: AuditEntry['changed_fields']): string[] {
  if (!changed) return [];
  return Object.entries(changed).map(([key, value]) => {
    if (isChange(value)) return `${words(key)}: ${valueText(value.from)} → ${valueText(value.to)}`;
    if (key === 'query' && value && typeof value === 'object') {
      const parts = Object.entries(value as Record<string, unknown>).map(
        ([name, inner]) => `${words(name)} ${valueText(inner)}`,
      );
      return `query: ${parts.join(', ') || '(none)'}`;
    }
    return `${words(key)}: ${valueText(value)}`;
  });
}

const recordText = (row: AuditEntry) => {
  const kind = (AUDIT_ENTITIES as Record<string, string>)[row.entity] ?? words(row.entity);
  // a session's id is a user's (a sign-in) or a secret-looking family key (a sign-out): the CSV keeps it
  return row.entity_id && row.entity !== 'session' ? `${kind} #${row.entity_id}` : kind;
};

/** The browser in a few words: the product and its version, of a long user agent. */
function browserOf(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const known = /(Edg|OPR|Firefox|Chrome|Chromium|Version)\/[\d.]+/.exec(userAgent);
  if (!known) return valueText(userAgent);
  const name =
    known[1] === 'Version' ? 'Safari' : known[1] === 'Edg' ? 'Edge' : known[1] === 'OPR' ? 'Opera' : known[1];
  const system = /(Windows|Android|iPhone|iPad|Mac OS X|Linux)/.exec(userAgent)?.[1];
  return `${name} ${known[0].split('/')[1].split('.')[0]}${system ? ` on ${system === 'Mac OS X' ? 'macOS' : system}` : ''}`;
}

/** /audit-log (master): every organization's audit rows, filtered, paged on the server, exported as CSV. */
export function AuditLogPage() {
  const api = useApiClient();
  const { user } = useAuthentication();
  const { organizations } = useOrganization();
  const timeZone = user?.timezone || 'UTC';
  const [organization, setOrganization] = useState('');
  const [personText, setPersonText] = useState('');
  const [people, setPeople] = useState<AuditPerson[]>([]);
  const [action, setAction] = useState('');
  const [entity, setEntity] = useState('');
  const [entityIdText, setEntityIdText] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [downloadError, setDownloadError] = useState<string | null>(null);

  const personQuery = useDebouncedValue(personText.trim(), TYPING_DELAY_MS);
  const entityId = useDebouncedValue(entityIdText.trim(), TYPING_DELAY_MS);

  // the people whose name or email begins with what was typed (the person filter's choices)
  useEffect(() => {
    if (!personQuery) {
      setPeople([]);
      return;
    }
    let active = true;
    api
      .audit_log_people_list({ search: personQuery, ...(organization ? { organization: Number(organization) } : {}) })
      .then((found) => {
        if (active) setPeople(found);
      })
      .catch(() => {
        if (active) setPeople([]);
      });
    return () => {
      active = false;
    };
  }, [api, personQuery, organization]);

  /**
   * Whose email the typed text is (picked from the list or typed whole). An email is unique within an
   * organization only: when people of several organizations share it, none is chosen until the organization is.
   */
  const sameEmail = useMemo(() => {
    const typed = personQuery.toLowerCase();
    return typed ? people.filter((candidate) => candidate.email.toLowerCase() === typed) : [];
  }, [people, personQuery]);
  const person = sameEmail.length === 1 ? sameEmail[0] : null;

  const datesProblem =
    (from && !isIsoDate(from)) || (to && !isIsoDate(to))
      ? 'Enter dates as shown.'
      : from && to && from > to
        ? 'The period cannot start after it ends.'
        : null;
  const filters: AuditFilters = useMemo(
    () => ({
      ...(organization ? { organization: Number(organization) } : {}),
      ...(person ? { person: person.id } : {}),
      ...(action ? { action: action as AuditActionCode } : {}),
      ...(entity ? { entity } : {}),
      ...(entity && entityId ? { entity_id: entityId } : {}),
      ...(from && !datesProblem ? { from } : {}),
      ...(to && !datesProblem ? { to } : {}),
    }),
    [organization, person, action, entity, entityId, from, to, datesProblem],
  );
  // The filters are a form of their own (a person picked from a lookup, a record id typed, a checked period): the
  // list holds the page, and other filters (another key) start at the first page.
  const list = useList({
    load: (page) => api.audit_log_list({ ...filters, ...page }),
    pageSize: AUDIT_PAGE_SIZE,
    failureText: 'The audit log could not be loaded.',
    key: JSON.stringify(filters),
  });

  const columns: DataTableColumn<AuditEntry>[] = [
    { key: 'created_at', header: 'When', render: (row) => formatDateTime(row.created_at, timeZone) },
    {
      key: 'actor',
      header: 'Who',
      render: (row) =>
        row.actor ? (
          <span>
            <strong>{row.actor.name}</strong>
            <Small>
              {row.actor.email}
              {row.role ? ` · ${ROLE_NAMES[row.role as Role] ?? row.role}` : ''}
              {row.organization ? ` · ${row.organization.name}` : ''}
            </Small>
          </span>
        ) : (
          <span>
            {row.action === 'SIGN_IN_FAILED' ? 'Unknown account' : 'The portal (automatic)'}
            {row.organization ? <Small>{row.organization.name}</Small> : null}
          </span>
        ),
    },
    {
      key: 'action',
      header: 'Action',
      render: (row) =>
        row.action ? <Tag tone={ACTION_TONES[row.action] ?? 'neutral'}>{AUDIT_ACTIONS[row.action]}</Tag> : '—',
    },
    {
      key: 'record',
      header: 'Record',
      render: (row) => (
        <span>
          {recordText(row)}
          {row.client_id !== null && !(row.entity === 'client' && row.entity_id === String(row.client_id)) ? (
            <Small>Client #{row.client_id}</Small>
          ) : null}
          {row.employee_id !== null && !(row.entity === 'employee' && row.entity_id === String(row.employee_id)) ? (
            <Small>Employee #{row.employee_id}</Small>
          ) : null}
        </span>
      ),
    },
    {
      key: 'changes',
      header: 'Details',
      render: (row) => {
        const lines = changeLines(row.changed_fields);
        return lines.length ? (
          <ChangeList>
            {lines.map((line, index) => (
              <li key={index}>{line}</li>
            ))}
          </ChangeList>
        ) : (
          '—'
        );
      },
    },
    {
      key: 'from',
      header: 'From',
      render: (row) =>
        row.ip || row.user_agent ? (
          <span title={row.user_agent ?? undefined}>
            {row.ip ?? '—'}
            {row.user_agent ? <Small>{browserOf(row.user_agent)}</Small> : null}
          </span>
        ) : (
          '—'
        ),
    },
  ];

  const filtered = Object.keys(filters).length > 0;
  const change = (setter: (value: string) => void) => (value: string) => setter(value);
  const organizationOptions = organizations.map((candidate) => ({
    value: String(candidate.id),
    label: candidate.name,
  }));
  const personHint = !personQuery
    ? 'Type a name or an email, then pick the person.'
    : person
      ? `Rows of ${person.name}${person.organization ? `, ${person.organization.name}` : ''}.`
      : sameEmail.length > 1
        ? `${sameEmail.length} people use this email, at ${sameEmail.map((candidate) => candidate.organization?.name ?? 'no organization (master)').join(' and ')}: choose the organization to pick one.`
        : people.length
          ? 'Pick the person from the list (their email).'
          : 'No one by that name or email.';

  return (
    <PrivatePage
      title="Audit log"
      description={`Every sign-in, change, read, search and export, newest first. Nobody can change or delete a row. Times and dates are in ${timeZone.replace(/_/g, ' ')} time.`}
      actions={
        <CsvDownloadButton
          label="Download CSV"
          load={() => api.audit_log_export_retrieve(filters, null, { responseType: 'text' })}
          fileName={`audit-log${from ? `-${from}` : ''}${to ? `-to-${to}` : ''}.csv`}
          failureText="The CSV could not be downloaded."
          onError={setDownloadError}
          disabled={!!datesProblem}
        />
      }
    >
      <Filters role="search" aria-label="Filter the audit log">
        <FilterSelect
          label="Organization"
          value={organization}
          onChange={change(setOrganization)}
          all="All organizations"
          options={organizationOptions}
        />
        <FieldShell label="Person" hint={personHint}>
          {({ invalid, ...control }) => (
            <>
              <Input
                {...control}
                invalid={invalid}
                type="search"
                list="audit-log-people"
                autoComplete="off"
                value={personText}
                placeholder="Name or email"
                onChange={(event) => setPersonText(event.target.value)}
              />
              <datalist id="audit-log-people">
                {people.map((candidate) => (
                  <option key={candidate.id} value={candidate.email}>
                    {`${candidate.name}${candidate.organization ? ` · ${candidate.organization.name}` : ' · Master'}`}
                  </option>
                ))}
              </datalist>
            </>
          )}
        </FieldShell>
        <FilterSelect
          label="Action"
          value={action}
          onChange={change(setAction)}
          all="All actions"
          options={AUDIT_ACTIONS}
        />
        <FilterSelect
          label="Record"
          value={entity}
          onChange={change(setEntity)}
          all="All records"
          options={AUDIT_ENTITIES}
        />
        <FieldShell label="Record id" hint={entity ? undefined : 'Choose the kind of record first.'}>
          {({ invalid, ...control }) => (
            <Input
              {...control}
              invalid={invalid}
              value={entityIdText}
              disabled={!entity}
              inputMode="numeric"
              onChange={(event) => setEntityIdText(event.target.value)}
            />
          )}
        </FieldShell>
        <DateRangeFields
          from={from}
          to={to}
          onFromChange={setFrom}
          onToChange={setTo}
          fromError={datesProblem && from ? datesProblem : undefined}
        />
      </Filters>
      <Messages>
        {list.error ? <Alert tone="error">{list.error}</Alert> : null}
        {downloadError ? <Alert tone="error">{downloadError}</Alert> : null}
        {list.answer?.count_limited ? (
          <Alert tone="info">
            More than 10,000 rows match: the pages stop there. Narrow the filters (a person, a few days) to see older
            ones, or download them all as CSV.
          </Alert>
        ) : null}
      </Messages>
      <DataTable
        caption="Audit log"
        columns={columns}
        {...list.table}
        rowKey={(row) => row.id}
        empty={
          <EmptyState
            title={filtered ? 'No rows match' : 'Nothing recorded yet'}
            description={
              filtered
                ? 'Try other filters or a longer period.'
                : 'Sign-ins, changes and reads show here as they happen.'
            }
          />
        }
      />
    </PrivatePage>
  );
}

const Small = ({ children }: { children: ReactNode }) => (
  <span css={{ display: 'block', fontSize: '0.8125rem', opacity: 0.8, overflowWrap: 'anywhere' }}>{children}</span>
);

const ChangeList = ({ children }: { children: ReactNode }) => (
  <ul
    css={{
      margin: 0,
      padding: 0,
      listStyle: 'none',
      fontSize: '0.875rem',
      overflowWrap: 'anywhere',
      minWidth: '14rem',
    }}
  >
    {children}
  </ul>
);

export default AuditLogPage;

/**
 * Canaries: every text field of every record of the second organization carries a marker naming its table
 * and column (`canary_<table>_<column>`), so an answer to the first organization's users that holds one
 * names the field that leaked. Planted with SQL after the world is built, for every text and varchar column
 * the database has (a new table's columns are planted without anyone listing them); JSON columns by the
 * rules below. `canaryCoverage` fails for a column that ends up with no marker (the second organization
 * has no such row, or a JSON column has no rule) unless it is listed in NOT_FREE_TEXT with the reason.
 */
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../server/db/connection';
import type { TestApp } from '../../server/test-support';

export const CANARY = /canary_[a-z0-9_]+/g;
export const canaryOf = (table: string, column: string) => `canary_${table}_${column}`;

/** Columns that hold codes, keys, secrets or numbers, not text a person wrote: a marker would change their meaning. */
export const NOT_FREE_TEXT: Record<string, string> = {
  'applications.position': 'a position code (spec 3)',
  'applications.status': 'a state code',
  'applications.availability': 'day and shift codes, a date and a number',
  'applications.attestation_signature': 'a data URL kept before migration 0010, moved to a file at start; never served',
  'audit_log.*':
    'append-only: the database refuses UPDATE; only the master reads it (every organization), and its text is what other columns held',
  'client_authorizations.unit': 'a unit code (HOUR, VISIT)',
  'client_counts.*': 'counts by type and status code',
  'client_services.service': 'a service code (spec 3)',
  'client_services.status': 'a state code',
  'client_users.relationship': 'a relationship code (SELF, FAMILY)',
  'clients.type': 'a client type code (spec 3)',
  'conversations.topic': 'a topic code (SCHEDULE, PAY, ONBOARDING, OTHER)',
  'clients.status': 'a state code',
  'clients.payer': 'a payer code (spec 3)',
  'clients.discharge_reason': 'a reason code',
  'clients.phone_digits': 'the digits of the phone, for search (the phone itself carries the canary)',
  'grievances.category': 'a category code',
  'grievances.state': 'a state code',
  'grievances.channel': 'a channel code (PORTAL, PHONE, IN_PERSON)',
  'grievance_events.kind': 'an event code',
  'grievance_events.from_state': 'a state code',
  'grievance_events.to_state': 'a state code',
  'referrals.type': 'a client type code',
  'referrals.status': 'a state code',
  'referrals.payer': 'a payer code',
  'referrals.source': 'a source code',
  'referrals.decline_reason': 'a reason code',
  'referrals.requested_services': 'service codes (spec 3)',
  'referrals.phone_digits': 'the digits of the phone, for search (the phone itself carries the canary)',
  'referral_events.kind': 'an event code',
  'referral_events.status': 'a state code',
  'referral_events.reason': 'a reason code',
  'visits.status': 'a state code',
  'visits.cancel_reason': 'a reason code',
  'visits.clock_in_location': 'a location code (HOME, COMMUNITY)',
  'visits.clock_out_location': 'a location code (HOME, COMMUNITY)',
  'visits.correction_reason': 'a reason code',
  'visits.service_date': 'a date',
  'visit_exceptions.code': 'an exception code',
  'visit_exceptions.resolution': 'a resolution code',
  'work_service_reviews.status': 'a state code',
  'work_service_reviews.unable_reason': 'a reason code',
  'work_service_reviews.signed_visits':
    'the visits as signed: ids, dates, instants, minutes and service codes (names come from their rows)',
  'employee_counts.*': 'counts by status and position code',
  'employee_documents.status': 'a state code',
  'employee_profiles.position': 'a position code',
  'employee_profiles.status': 'a state code (NEW, READY)',
  'files.content_type': 'a MIME type the server sniffed',
  'files.storage_key': 'a key the server made; never served',
  'file_blobs.key': 'the storage key of files.storage_key; never served',
  'form_requests.status': 'a state code',
  'form_requests.signature': 'a data URL kept before migration 0010; never served',
  'form_requests.countersignature': 'a data URL kept before migration 0010; never served',
  'form_templates.signers': 'signer codes (EMPLOYEE, ADMIN)',
  'live_events.*':
    'a type code and ids and counts (modules/events/bus.ts), never text a person wrote; a stream sends only its recipient’s rows',
  'job_claims.*': 'no organization: job names and the host and process holding the claim',
  'login_throttles.*': 'no organization: digests of what was typed',
  'notifications.type': 'a type code',
  'organizations.token': 'the slug every request names; the leak scanner looks for it as such',
  'organizations.timezone': 'an IANA zone name',
  'organizations.style': 'colour codes',
  'outbox.state': 'a state code',
  'rate_limits.*': 'no organization: digests of keys',
  'session_families.id': 'a secret identifier',
  'session_families.revoked_reason': 'a reason code',
  'test_requests.status': 'a state code',
  'test_requests.answers': 'chosen indexes by question id',
  'test_requests.question_order': 'question ids',
  'test_requests.observer_signature': 'a data URL kept before migration 0010; never served',
  'users.password_hash': 'a secret',
  'users.role': 'a role code',
  'users.timezone': 'an IANA zone name',
  'users.signature': 'a data URL kept before migration 0010; never served',
};

/**
 * Tables the database will not let anyone rewrite (a trigger refuses UPDATE): their second organization's
 * rows get a marked copy of one of them instead.
 */
const APPEND_ONLY = new Set(['referral_events', 'grievance_events']);

const EMAIL_COLUMNS = new Set(['users.email', 'applications.email', 'outbox.to']);

/** How a JSON column's text is marked: an SQL expression of the new value (`m` is the marker). */
const JSON_RULES: Record<
  string,
  (column: ReturnType<typeof sql.identifier>, marker: string) => ReturnType<typeof sql>
> = {
  // questions: [{ id, text, choices[], answer, subject? }]
  'competency_tests.questions': (c, m) => sql`(SELECT coalesce(jsonb_agg(q || jsonb_build_object(
      'text', (q->>'text') || ' ' || ${m},
      'subject', coalesce(q->>'subject', '') || ' ' || ${m},
      'choices', (SELECT jsonb_agg(to_jsonb(choice || ' ' || ${m})) FROM jsonb_array_elements_text(q->'choices') AS choice))), '[]'::jsonb)
    FROM jsonb_array_elements(${c}) AS q)`,
  // observed skills: [{ id, label }]
  'competency_tests.observed_skills': (c, m) =>
    sql`(SELECT coalesce(jsonb_agg(s || jsonb_build_object('label', (s->>'label') || ' ' || ${m})), jsonb_build_array(jsonb_build_object('id', 'canary', 'label', ${m}::text)))
    FROM jsonb_array_elements(${c}) AS s)`,
  // fields: [{ key, label, type, required, options? }]
  'form_templates.fields': (c, m) =>
    sql`(SELECT coalesce(jsonb_agg(f || jsonb_build_object('label', (f->>'label') || ' ' || ${m})), '[]'::jsonb) FROM jsonb_array_elements(${c}) AS f)`,
  // corrections: { field: { from, to } }; an event that corrected nothing gets one
  'referral_events.changes': (c, m) =>
    sql`coalesce(${c}, '{}'::jsonb) || jsonb_build_object('canary', jsonb_build_object('from', ${m}::text, 'to', ${m}::text))`,
  // answers: { key: value }; a request not yet signed gets one answer
  'form_requests.answers': (c, m) => sql`coalesce(${c}, '{}'::jsonb) || jsonb_build_object('canary', ${m}::text)`,
  // skill results: [{ skill_id, label, satisfactory, comment }]; an attempt not yet observed gets one
  'test_requests.skill_results': (c, m) => sql`CASE WHEN jsonb_array_length(${c}) = 0
      THEN jsonb_build_array(jsonb_build_object('skill_id', 'canary', 'label', ${m}::text, 'satisfactory', true, 'comment', ${m}::text))
      ELSE (SELECT jsonb_agg(r || jsonb_build_object('label', (r->>'label') || ' ' || ${m}, 'comment', coalesce(r->>'comment', '') || ' ' || ${m})) FROM jsonb_array_elements(${c}) AS r) END`,
};

interface TextColumn {
  table: string;
  column: string;
  type: string;
  organizationScoped: boolean;
}

async function rows<T>(t: TestApp, query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await t.database.db.execute(query));
}

async function textColumns(t: TestApp): Promise<TextColumn[]> {
  const found = await rows<{ table_name: string; column_name: string; data_type: string; scoped: boolean }>(
    t,
    sql`SELECT c.table_name, c.column_name, c.data_type,
          EXISTS (SELECT 1 FROM information_schema.columns o WHERE o.table_schema = 'public' AND o.table_name = c.table_name AND o.column_name = 'organization_id') AS scoped
        FROM information_schema.columns c
        JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name AND tb.table_type = 'BASE TABLE'
        WHERE c.table_schema = 'public' AND c.data_type IN ('text', 'character varying', 'jsonb')
        ORDER BY 1, 2`,
  );
  return found.map((r) => ({
    table: r.table_name,
    column: r.column_name,
    type: r.data_type,
    organizationScoped: r.scoped === true || (r.scoped as unknown) === 't',
  }));
}

const exempt = (table: string, column: string) =>
  `${table}.${column}` in NOT_FREE_TEXT || `${table}.*` in NOT_FREE_TEXT;

/** Marks every text field of the organization's records (see the file's comment). */
export async function plantCanaries(t: TestApp, organizationId: number): Promise<void> {
  for (const { table, column, type, organizationScoped } of await textColumns(t)) {
    if (exempt(table, column)) continue;
    const marker = canaryOf(table, column);
    const c = sql.identifier(column);
    const owned =
      table === 'organizations'
        ? sql`id = ${organizationId}`
        : organizationScoped
          ? sql`organization_id = ${organizationId}`
          : null;
    if (!owned) continue; // no organization to tell its rows by: canaryCoverage names it
    const key = `${table}.${column}`;
    let value: ReturnType<typeof sql>;
    if (type === 'jsonb') {
      const rule = JSON_RULES[key];
      if (!rule) continue; // canaryCoverage names it
      value = rule(c, marker);
    } else if (EMAIL_COLUMNS.has(key)) {
      value = sql`regexp_replace(${c}, '@', ${`+${marker}@`})`;
    } else {
      value = sql`coalesce(nullif(${c}, '') || ' ', '') || ${marker}::text`;
    }
    if (APPEND_ONLY.has(table)) await insertMarkedCopy(t, table, column, value, owned);
    else await t.database.db.execute(sql`UPDATE ${sql.identifier(table)} SET ${c} = ${value} WHERE ${owned}`);
  }
}

/** A copy of the organization's first row of an append-only table, with `column` set to `value`. */
async function insertMarkedCopy(
  t: TestApp,
  table: string,
  column: string,
  value: ReturnType<typeof sql>,
  owned: ReturnType<typeof sql>,
) {
  const columns = (
    await rows<{ column_name: string }>(
      t,
      sql`SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = ${table} AND column_name <> 'id' ORDER BY ordinal_position`,
    )
  ).map((r) => r.column_name);
  const names = sql.join(
    columns.map((name) => sql.identifier(name)),
    sql`, `,
  );
  const values = sql.join(
    columns.map((name) => (name === column ? value : sql.identifier(name))),
    sql`, `,
  );
  await t.database.db.execute(
    sql`INSERT INTO ${sql.identifier(table)} (${names}) SELECT ${values} FROM ${sql.identifier(table)} WHERE ${owned} ORDER BY id LIMIT 1`,
  );
}

/** The text columns that hold no marker and are not listed as codes: each needs a row of the second organization or a reason. */
export async function canaryCoverage(t: TestApp): Promise<string[]> {
  const missing: string[] = [];
  for (const { table, column, type, organizationScoped } of await textColumns(t)) {
    if (exempt(table, column)) continue;
    const key = `${table}.${column}`;
    if (!organizationScoped && table !== 'organizations') {
      missing.push(
        `${key}: the table has no organization_id to tell the second organization's rows by (mark them in tests/security/canaries.ts, or list the column in NOT_FREE_TEXT with why)`,
      );
      continue;
    }
    if (type === 'jsonb' && !JSON_RULES[key]) {
      missing.push(
        `${key}: a JSON column without a canary rule (add one to JSON_RULES, or list it in NOT_FREE_TEXT with why)`,
      );
      continue;
    }
    const [{ n }] = await rows<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)}::text LIKE ${`%${canaryOf(table, column)}%`}`,
    );
    if (!Number(n))
      missing.push(`${key}: no row of the second organization holds its canary (give the test world such a row)`);
  }
  return missing;
}

/** The canaries in an answer's text, each as the table and column it came from. */
export function canariesIn(body: string): string[] {
  return [...new Set(body.match(CANARY) ?? [])].map((marker) => marker.slice('canary_'.length));
}

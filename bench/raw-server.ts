/**
 * The baseline of the server-CPU rows: bare node:http + pg answering the same rows from the same queries as
 * the portal (the authentication plugin's user+family query for auth_user_retrieve; users joined with
 * organization and profile with the derived forms_due, 50 rows by last name, plus the count, for users_list). No framework, no
 * validation, no JWT: the floor a framework's cost is measured against. The portal checks the session in the
 * database on every request (a revoked session or a deactivated user is refused at once, in every process), so
 * users_list given `session` and `user` runs that same user+family query first, as the portal does; and it
 * answers with the portal's response headers (ANSWER_HEADERS, JSON), which every answer must carry.
 * `DATABASE_URL=... PORT=... tsx bench/raw-server.ts` prints 'listening'.
 */
import http from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

const USER_COLUMNS = `u.id, u.email, u.first_name, u.last_name, u.role, u.timezone, u.is_active, u.password_hash,
  u.last_login, u.phone, u.signature, o.id AS org_id, o.name AS org_name, o.token AS org_token,
  p.status AS profile_status, p.position AS profile_position,
  (SELECT count(*)::int FROM form_requests fr WHERE fr.employee_id = u.id AND fr.required AND fr.status <> 'COMPLETED') AS profile_forms_due`;

// users_list selects only what the answer shows (whether a password or signature is set, not the values),
// as server/modules/users/service.ts does.
const LIST_COLUMNS = `u.id, u.email, u.first_name, u.last_name, u.role, u.timezone, u.is_active, u.password_hash IS NULL AS invitation_pending,
  u.last_login, u.phone, u.signature_file_id IS NOT NULL AS has_signature, o.id AS org_id, o.name AS org_name, o.token AS org_token,
  p.status AS profile_status, p.position AS profile_position,
  (SELECT count(*)::int FROM form_requests fr WHERE fr.employee_id = u.id AND fr.required AND fr.status <> 'COMPLETED') AS profile_forms_due`;

const RETRIEVE = `SELECT ${USER_COLUMNS}, f.created_at AS family_created_at, f.last_seen_at AS family_last_seen_at, f.revoked_at AS family_revoked_at
  FROM session_families f
  INNER JOIN users u ON u.id = f.user_id
  LEFT JOIN organizations o ON o.id = u.organization_id
  LEFT JOIN employee_profiles p ON p.user_id = u.id
  WHERE f.id = $1 AND f.user_id = $2 LIMIT 1`;

const LIST = `SELECT ${LIST_COLUMNS}
  FROM users u
  LEFT JOIN organizations o ON o.id = u.organization_id
  LEFT JOIN employee_profiles p ON p.user_id = u.id
  WHERE u.organization_id = $1
  ORDER BY u.last_name ASC, u.first_name ASC, u.id ASC LIMIT $2 OFFSET $3`;

const COUNT = 'SELECT count(*)::int AS count FROM users u WHERE u.organization_id = $1';

type Row = Record<string, unknown>;

/** The response headers the portal sends with every answer (its security headers), given by the bench. */
const ANSWER_HEADERS = JSON.parse(process.env.ANSWER_HEADERS ?? '{}') as Record<string, string>;

function user(row: Row) {
  return {
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    role: row.role,
    timezone: row.timezone,
    is_active: row.is_active,
    invitation_pending: 'invitation_pending' in row ? row.invitation_pending : row.password_hash === null,
    last_login: row.last_login ? (row.last_login as Date).toISOString() : null,
    phone: row.phone,
    ...('has_signature' in row ? { has_signature: row.has_signature } : { signature: row.signature }),
    organization: row.org_id ? { id: row.org_id, name: row.org_name, token: row.org_token } : null,
    profile: row.profile_status
      ? { status: row.profile_status, position: row.profile_position, forms_due: row.profile_forms_due }
      : null,
  };
}

const server = http.createServer(async (request, response) => {
  try {
    const url = new URL(request.url ?? '/', 'http://localhost');
    let body: unknown;
    if (url.pathname === '/user') {
      const { rows } = await pool.query(RETRIEVE, [
        url.searchParams.get('family'),
        Number(url.searchParams.get('user')),
      ]);
      body = user(rows[0]!);
    } else if (url.pathname === '/users') {
      const session = url.searchParams.get('session');
      if (session) {
        const { rows } = await pool.query(RETRIEVE, [session, Number(url.searchParams.get('user'))]);
        if (!rows[0]) throw new Error('no such session');
      }
      const organization = Number(url.searchParams.get('organization'));
      const limit = Number(url.searchParams.get('limit') ?? 50);
      const [list, total] = await Promise.all([
        pool.query(LIST, [organization, limit, 0]),
        pool.query(COUNT, [organization]),
      ]);
      body = { count: total.rows[0]!.count, next: null, previous: null, results: list.rows.map(user) };
    } else {
      response.writeHead(404).end();
      return;
    }
    const json = JSON.stringify(body);
    response.writeHead(200, {
      ...ANSWER_HEADERS,
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(json),
    });
    response.end(json);
  } catch (error) {
    response.writeHead(500).end(String(error));
  }
});

server.listen(Number(process.env.PORT), '127.0.0.1', () =>
  console.log(`raw baseline listening on ${process.env.PORT}`),
);
process.on('SIGTERM', () => {
  server.close();
  void pool.end().then(() => process.exit(0));
});

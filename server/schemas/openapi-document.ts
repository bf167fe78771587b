import type { Access } from '../types';

/**
 * What the served OpenAPI document says beyond the route schemas: the tags, the two security schemes, the
 * server, and the named schemas gathered into `components.schemas`. `redocly lint` and `spectral lint`
 * (tests/api/api-document.test.ts) hold the document to 0 errors and 0 warnings.
 */

/** Every tag an operation may carry, in the document's order. An operation with another tag fails the linters. */
export const API_TAGS: { name: string; description: string }[] = [
  {
    name: 'auth',
    description:
      'Signing in and out, refreshing the session, the signed-in person’s own profile, password and signature, and the password rules.',
  },
  {
    name: 'organizations',
    description:
      'The agencies hosted on this installation: looked up by id or token without signing in (the sign-in pages are branded); listed for a master.',
  },
  {
    name: 'users',
    description:
      'The people of an organization and their roles: invitations, deactivation and reactivation (admins and masters).',
  },
  {
    name: 'notifications',
    description: 'What the portal tells a signed-in person in the app (also pushed on the live event stream).',
  },
  {
    name: 'dev',
    description: 'The console-mail outbox, for trying the portal without SMTP: sign-up and reset tokens are redacted.',
  },
  {
    name: 'applications',
    description:
      'Job applications: filed publicly on an agency’s apply-now page, reviewed, accepted (creating an employee) or rejected by the office.',
  },
  {
    name: 'employees',
    description:
      'The office’s employee records: details, notes, documents with expiry dates, the onboarding checklist and marking ready to hire.',
  },
  { name: 'documents', description: 'The stored file of an employee document.' },
  { name: 'profile', description: 'The signed-in employee’s own documents and their uploads.' },
  {
    name: 'onboarding',
    description:
      'Form requests and competency test requests: sent by the office, filled, signed or taken by the employee, countersigned or observed.',
  },
  {
    name: 'onboarding settings',
    description: 'An organization’s form templates, employee note types, document types and competency tests.',
  },
  {
    name: 'clients',
    description:
      'Clients of the agency with their services, payer authorizations and portal users; a client’s own welcome page.',
  },
  {
    name: 'referrals',
    description:
      'Prospective clients brought by marketers (or entered by the office), moved from New to Admitted, Declined or Lost.',
  },
  {
    name: 'marketers',
    description: 'The office’s view of its marketers: referral figures by status, conversion and a CSV report.',
  },
  {
    name: 'grievances',
    description:
      'Grievances filed by employees and clients or recorded by the office (42 CFR 484.50(e)), with their dated trail.',
  },
  {
    name: 'visits',
    description:
      'The schedule and electronic visit verification: booking, the schedule board, clocking in and out, call-outs, the exceptions queue and the aggregator export.',
  },
  {
    name: 'payroll',
    description: 'Pay periods of verified visits, with daily and weekly totals and overtime, and their CSV export.',
  },
  {
    name: 'work-service-reviews',
    description:
      'A client’s weekly review of the services delivered: signed, disputed visit by visit, or marked unable to sign by the office.',
  },
  {
    name: 'audit-log',
    description:
      'The audit log of sign-ins, changes and reads of client and employee records (master), and its CSV export.',
  },
  {
    name: 'conversations',
    description: 'Messages between employees and the office (one inbox shared by every admin), with read marks.',
  },
  {
    name: 'events',
    description:
      'The live event stream (Server-Sent Events) of new messages, read marks, notifications and grievances.',
  },
];

export const SECURITY_SCHEMES = {
  bearer: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'The access token answered by auth_login_create (or auth_token_refresh_create), as `Authorization: Bearer <access>`. ' +
      'It lasts 5 minutes; a 401 means: refresh once, then retry.',
  },
  organization: {
    type: 'apiKey',
    in: 'header',
    name: 'X-ORGANIZATION-TOKEN',
    description:
      'The token of the organization the request acts in (its URL slug, e.g. `sunrise`). Signed in, an admin, employee, ' +
      'client or marketer acts in their own organization: the header may be left out, and naming another organization ' +
      'answers 403. A master acts in the organization the header names, and must send it to organization-scoped ' +
      'operations (400 naming X-ORGANIZATION-TOKEN without it). Without signing in, it names the agency whose page is used.',
  },
} as const;

/** Public operations that act in an organization: the header is required (400 without it) or optional (used when sent). */
const PUBLIC_ORGANIZATION: Record<string, 'required' | 'optional'> = {
  applications_create: 'required',
  auth_login_create: 'optional',
  auth_password_reset_create: 'optional',
};

/**
 * What the server requires of each operation: public ones nothing (or the organization header, when they act in
 * an organization); the others the bearer token, with the organization header optional beside it.
 */
export function operationSecurity(operationId: string, access: Access): Record<string, string[]>[] {
  if ('public' in access) {
    const organization = PUBLIC_ORGANIZATION[operationId];
    if (organization === 'required') return [{ organization: [] }];
    if (organization === 'optional') return [{}, { organization: [] }];
    return [];
  }
  return [{ bearer: [], organization: [] }, { bearer: [] }];
}

/** Who may call an operation, in words, from its access declaration. */
export function accessSentence(access: Access): string {
  const formsDue = access.duringFormsDue ? ' Also open to an employee who still has forms due.' : '';
  if ('public' in access) return `Public: no sign-in needed.${formsDue}`;
  if ('roles' in access)
    return `Signed in, with the role ${listed(access.roles.map((role) => `\`${role}\``))}.${formsDue}`;
  const permissions = typeof access.permission === 'string' ? [access.permission] : access.permission;
  return `Signed in, with the permission ${listed(permissions.map((permission) => `\`${permission}\``))}.${formsDue}`;
}

const listed = (items: string[]) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;

type Json = Record<string, unknown>;

const isObject = (node: unknown): node is Json => typeof node === 'object' && node !== null && !Array.isArray(node);

const words = (title: string) => title.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
const plural = (text: string) =>
  /(s|sh|ch|x)$/.test(text) ? `${text}es` : /[^aeiou]y$/.test(text) ? `${text.slice(0, -1)}ies` : `${text}s`;

/**
 * A success response's description when the route gives none, from the title of what it answers:
 * `200 User` "The user", `201 User` "The new user", a page of `User` "A page of users", an array "The users".
 */
export function successDescription(status: string, schema: Json | undefined): string | null {
  if (!schema) return null;
  const created = status === '201';
  if (typeof schema.title === 'string') {
    const page = /^(.*)Page$/.exec(schema.title);
    if (page) return `A page of ${plural(words(page[1]!))}`;
    return `${created ? 'The new' : 'The'} ${words(schema.title)}`;
  }
  const items = isObject(schema.items) ? schema.items : undefined;
  if (schema.type === 'array' && typeof items?.title === 'string')
    return `${created ? 'The new' : 'The'} ${plural(words(items.title))}`;
  return null;
}

const isNamed = (node: unknown): node is Json =>
  isObject(node) &&
  typeof node.title === 'string' &&
  ('type' in node || 'anyOf' in node || 'oneOf' in node || 'enum' in node);

/**
 * Moves every schema with a `title` out of the paths into `components.schemas` under that title, leaving a
 * `$ref` in its place (the route schemas stay whole for validation and serialization: only the document is
 * changed). Two different schemas under one title are a mistake in the route schemas, and throw.
 */
export function gatherNamedSchemas(document: Json): Json {
  const documentComponents = isObject(document.components) ? document.components : {};
  const components: Record<string, unknown> = {
    ...(isObject(documentComponents.schemas) ? documentComponents.schemas : {}),
  };
  const texts = new Map<string, string>();
  const gather = (node: unknown, inSchema: boolean): unknown => {
    if (Array.isArray(node)) return node.map((item) => gather(item, inSchema));
    if (typeof node !== 'object' || node === null) return node;
    const entries = Object.entries(node as Json);
    // inside a schema, `properties` maps names to schemas: a property called "title" is no title
    const mapped: Json = Object.fromEntries(
      entries.map(([key, value]) => [key, gather(value, inSchema || key === 'schema')]),
    );
    if (!inSchema || !isNamed(node)) return mapped;
    const name = mapped.title as string;
    if (!/^[A-Za-z0-9._-]+$/.test(name)) throw new Error(`The schema title "${name}" is not a component name`);
    const text = JSON.stringify(mapped);
    const known = texts.get(name);
    if (known !== undefined && known !== text)
      throw new Error(`Two different schemas are titled ${name}: give one another title\n${known}\n${text}`);
    texts.set(name, text);
    components[name] = mapped;
    return { $ref: `#/components/schemas/${name}` };
  };
  const paths = gather(document.paths, false) as Json;
  const sorted = Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b)));
  return { ...document, paths, components: { ...documentComponents, schemas: sorted } };
}

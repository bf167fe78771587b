import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { GrievanceState } from '#domain/grievances';
import { current, testApp, TestClock, type Backend, type Caller, type TestApi } from '../../test-client';

const DAY = 86_400;
// Sunrise keeps New York time. Monday 6 January 2031, 07:00 there.
const MONDAY_MORNING = new Date('2031-01-06T12:00:00Z');

export const concern = {
  category: 'STAFF',
  description: 'The aide was on her phone the whole visit.',
  occurred_on: '2031-01-03',
  people_involved: 'Friday aide',
  desired_outcome: 'Another aide on Fridays',
};

const people = {
  admin: 'admin@sunrise.example',
  nurse: 'nurse@sunrise.example',
  client: 'client@sunrise.example',
  harbor: 'admin@harbor.example',
  newhire: 'newhire@sunrise.example',
} as const;

/** The grievance suites' app, people and client, set up before (and closed after) the enclosing describe. */
export function grievancesSuite(backend: Backend) {
  let app: TestApi;
  const clock = new TestClock();
  const signedIn = {} as Record<keyof typeof people | 'master', Caller>;
  let whitfield: { id: number; pathways: number };
  const admin = current(() => signedIn.admin);

  /** Moves the server's clock and signs everyone in again (their tokens live 5 minutes of that clock). */
  const at = async (instant: Date) => {
    clock.set(instant);
    const names = Object.keys(people) as (keyof typeof people)[];
    const callers = await app.asEach(names.map((name) => people[name]));
    names.forEach((name, i) => (signedIn[name] = callers[i]));
    // the master acts in Sunrise
    signedIn.master = await app.as('master@portal.example', { organization: 'sunrise' });
  };

  beforeAll(async () => {
    app = await testApp({ backend, clock });
    await at(MONDAY_MORNING);
    const rows = await app.rows(sql`select id from clients where last_name = 'Whitfield'`);
    const detail = (await admin.get(`/api/clients/${rows[0].id}/`)).json();
    whitfield = {
      id: Number(rows[0].id),
      pathways: detail.services.find((s: { service: string }) => s.service === 'Pathways').id,
    };
  });
  afterAll(async () => app?.close());

  return {
    t: current(() => app),
    admin,
    nurse: current(() => signedIn.nurse),
    client: current(() => signedIn.client),
    harbor: current(() => signedIn.harbor),
    master: current(() => signedIn.master),
    newhire: current(() => signedIn.newhire),
    whitfield: current(() => whitfield),
    at,
    later: (days: number) => at(new Date(clock.now().getTime() + days * DAY * 1000)),
    move: (id: number, state: GrievanceState, extra: object = {}) =>
      admin.post(`/api/grievances/${id}/transition/`, { state, ...extra }),
    /** Signs one person in again (the others keep their tokens). */
    signInAgain: async (name: keyof typeof people) => {
      signedIn[name] = await app.as(people[name]);
    },
  };
}

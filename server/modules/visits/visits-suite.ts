import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { current, testApp, TestClock, type Backend, type Caller, type TestApi } from '../../test-client';

// Sunrise keeps New York time. Monday 6 January 2031, 07:00 there.
export const MONDAY_MORNING = new Date('2031-01-06T12:00:00Z');
// Walter Nguyen's home (the seed's position) and a point about 1.1 km north of it
export const NGUYEN_HOME = { latitude: 40.7455, longitude: -73.9822 };
export const FAR_AWAY = { latitude: 40.7555, longitude: -73.9822 };
// a real phone's reading at the door, about 3 m from the stored position (the stored position sent back exactly is an exception)
export const AT_THE_DOOR = { latitude: 40.74553, longitude: -73.9822 };

/** The visits suites' app, people and clients, set up before (and closed after) the enclosing describe. */
export function visitsSuite(backend: Backend) {
  let app: TestApi;
  // the demo is seeded at today's date (on PostgreSQL from this clock), years before the visits booked here
  const clock = new TestClock();
  let callers: Caller[] = [];
  let nguyen: { id: number; nursing: number; therapy: number };
  let whitfield: { id: number; pathways: number };
  const admin = current(() => callers[0]);

  /** Moves the server's clock and signs everyone in again (their tokens live 5 minutes of that clock). */
  const at = async (instant: Date | string) => {
    clock.set(new Date(instant));
    callers = await app.asEach([
      'admin@sunrise.example',
      'nurse@sunrise.example',
      'client@sunrise.example',
      'admin@harbor.example',
    ]);
  };

  beforeAll(async () => {
    app = await testApp({ backend, clock });
    await at(MONDAY_MORNING);
    const clientNamed = async (lastName: string) => {
      const rows = await app.rows(sql`select id from clients where last_name = ${lastName}`);
      const detail = (await admin.get(`/api/clients/${rows[0].id}/`)).json();
      const service = (code: string) => detail.services.find((s: { service: string }) => s.service === code)?.id;
      return { id: Number(rows[0].id), service };
    };
    const n = await clientNamed('Nguyen');
    nguyen = { id: n.id, nursing: n.service('SkilledNurses'), therapy: n.service('PhysicalTherapist') };
    const w = await clientNamed('Whitfield');
    whitfield = { id: w.id, pathways: w.service('Pathways') };
  });
  afterAll(async () => app?.close());

  const nursingByTheNurse = () => ({
    client_id: nguyen.id,
    service_id: nguyen.nursing,
    caregiver_id: suite.nurse.user.id,
  });
  const suite = {
    t: current(() => app),
    admin,
    nurse: current(() => callers[1]),
    client: current(() => callers[2]),
    harbor: current(() => callers[3]),
    nguyen: current(() => nguyen),
    whitfield: current(() => whitfield),
    at,
    /** Books Walter Nguyen's nursing with the nurse: the payload says when. */
    book: (payload: object) => admin.post('/api/visits/', { ...nursingByTheNurse(), ...payload }),
    /** Books a weekly pattern of Walter Nguyen's nursing with the nurse: the payload says which days. */
    recur: (payload: object) => admin.post('/api/visits/recurrences/', { ...nursingByTheNurse(), ...payload }),
    /** Books a client's service on a day from one time to another: Open, unless `more` names a caregiver. */
    bookFor: (
      clientId: number,
      serviceId: number,
      service_date: string,
      start_time: string,
      end_time: string,
      more: object = {},
    ) =>
      admin.post('/api/visits/', {
        client_id: clientId,
        service_id: serviceId,
        service_date,
        start_time,
        end_time,
        ...more,
      }),
  };
  return suite;
}

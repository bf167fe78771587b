import { and, eq } from 'drizzle-orm';
import type { Db } from './connection';
import { clients, grievanceEvents, grievances } from './schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const hoursBefore = (now: Date, hours: number) => new Date(now.getTime() - hours * 3_600_000);

/**
 * The demo's grievances (product.md, "Demo organizations"): at Sunrise, Clara Whitfield's concern under
 * investigation with its trail (an internal note among its steps) and one the aide filed; at Harbor, a
 * daughter's call the office took by phone.
 */
export async function seedDemoGrievances(tx: Tx, ids: { organizations: Record<'sunrise' | 'harbor', number>; users: Record<string, number> }, now: Date): Promise<void> {
  const sunrise = ids.organizations.sunrise;
  const harbor = ids.organizations.harbor;
  const sunriseAdmin = ids.users['admin@sunrise.example'];
  const harborAdmin = ids.users['admin@harbor.example'];
  const clientId = async (organizationId: number, lastName: string) =>
    (await tx.select({ id: clients.id }).from(clients).where(and(eq(clients.organizationId, organizationId), eq(clients.lastName, lastName))).limit(1))[0].id;

  const file = async (values: typeof grievances.$inferInsert, steps: Omit<typeof grievanceEvents.$inferInsert, 'organizationId' | 'grievanceId'>[]) => {
    const [row] = await tx.insert(grievances).values(values).returning({ id: grievances.id });
    await tx.insert(grievanceEvents).values(steps.map((step) => ({ ...step, organizationId: values.organizationId, grievanceId: row.id })));
  };

  // Clara (client@sunrise.example) filed 3 days ago; the office is looking into it
  const clara = ids.users['client@sunrise.example'];
  await file(
    {
      organizationId: sunrise,
      clientId: await clientId(sunrise, 'Whitfield'),
      filedById: clara,
      complainantId: clara,
      complainantName: 'Clara Whitfield',
      channel: 'PORTAL',
      category: 'MISSED_VISIT',
      description: 'My Tuesday aide arrived an hour late twice this month and nobody called.',
      occurredOn: null,
      peopleInvolved: 'My Tuesday aide',
      desiredOutcome: 'A call when someone is running late.',
      state: 'INVESTIGATING',
      createdAt: hoursBefore(now, 72),
      updatedAt: hoursBefore(now, 46),
    },
    [
      { kind: 'FILED', toState: 'RECEIVED', byId: clara, at: hoursBefore(now, 72) },
      { kind: 'TRANSITION', fromState: 'RECEIVED', toState: 'INVESTIGATING', note: 'We are sorry. We are checking the visit times and will call you this week.', byId: sunriseAdmin, at: hoursBefore(now, 48) },
      { kind: 'NOTE', note: 'Clock-ins show 58 and 61 minutes late on two Tuesdays; talk with the aide and her scheduler.', internal: true, byId: sunriseAdmin, at: hoursBefore(now, 46) },
    ],
  );

  // the aide's own concern, filed through /grievances
  const aide = ids.users['aide@sunrise.example'];
  await file(
    {
      organizationId: sunrise,
      filedById: aide,
      complainantId: aide,
      complainantName: 'Ada Lindqvist',
      channel: 'PORTAL',
      category: 'SCHEDULE',
      description: 'My visits were moved to weekends without asking me, three weeks in a row.',
      peopleInvolved: 'The scheduler',
      desiredOutcome: 'Weekdays, as agreed when I was hired.',
      state: 'RECEIVED',
      createdAt: hoursBefore(now, 20),
      updatedAt: hoursBefore(now, 20),
    },
    [{ kind: 'FILED', toState: 'RECEIVED', byId: aide, at: hoursBefore(now, 20) }],
  );

  // Harbor: the office took the daughter's call
  await file(
    {
      organizationId: harbor,
      clientId: await clientId(harbor, 'Holloway'),
      filedById: harborAdmin,
      complainantName: 'June Holloway (daughter)',
      channel: 'PHONE',
      category: 'CARE',
      description: 'Daughter called: the dressing was not changed on Friday.',
      peopleInvolved: 'Friday nurse',
      desiredOutcome: 'Dressing changed as the plan says.',
      state: 'RECEIVED',
      createdAt: hoursBefore(now, 24),
      updatedAt: hoursBefore(now, 24),
    },
    [{ kind: 'FILED', toState: 'RECEIVED', note: 'Taken by phone.', byId: harborAdmin, at: hoursBefore(now, 24) }],
  );
}

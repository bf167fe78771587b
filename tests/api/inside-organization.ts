/**
 * Who sees what inside one organization (product.md: "Grievances", "What each person sees of a visit";
 * quality.md: "Inside one organization"). Tenancy between organizations is the matrix's; here every person
 * is of the same agency, and each rule has a second person of the same kind (a third admin, a second family
 * member, a second caregiver, an employee complainant).
 *
 * The rules are written by hand below (SECRETS), never read from the code: each secret is something one
 * person wrote or the office keeps, planted with a unique marker; `seenBy` names who must find it (so a
 * secret that was never planted fails instead of passing quietly) and `hiddenFrom` who must never get it.
 * Each person then calls every GET operation of the served document the access table lets them call, with
 * its `{id}` filled by the ids of the planted records, and the raw answers are scanned for the markers.
 * A few writes are probed by hand (PROBES): a note on someone else's grievance, asking for a visit one may
 * not take.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../server/db/connection';
import {
  clients,
  clientServices,
  clientUsers,
  grievanceEvents,
  grievances,
  grievanceShares,
  referrals,
  users,
  visitExceptions,
  visits,
} from '../../server/db/schema';
import type { GrievanceCategory } from '../../src/domain/grievances';
import { createTestApp, testBackends, type Backend, type TestApp } from '../../server/test-support';
import type { Caller } from '../security/access-table';
import {
  allows,
  cloneUser,
  fillPath,
  injectOperation,
  loadOperations,
  mintSession,
  unique,
  type Operation,
} from './support';

type Person = 'admin' | 'thirdAdmin' | 'clara' | 'family2' | 'family3' | 'nurse' | 'aide' | 'marketer' | 'marketer2';

interface Secret {
  /** The rule of product.md it stands for. */
  rule: string;
  seenBy: Person[];
  hiddenFrom: Person[];
}

/** The rules, by hand from product.md. The key names the marker planted for it. */
const SECRETS = {
  claraGrievance: {
    rule: 'a grievance is seen by its complainant alone outside the office: not another family member of the same client, not the person it names',
    seenBy: ['clara', 'admin', 'thirdAdmin'],
    hiddenFrom: ['family2', 'family3', 'nurse', 'aide'],
  },
  sharedGrievance: {
    rule: 'a grievance the complainant shares with a named family member is seen by that member, and by no other',
    seenBy: ['clara', 'family3', 'admin'],
    hiddenFrom: ['family2', 'nurse', 'aide'],
  },
  internalNote: {
    rule: "the office's internal notes on a grievance never reach the complainant or their family",
    seenBy: ['admin', 'thirdAdmin'],
    hiddenFrom: ['clara', 'family2', 'family3'],
  },
  employeeGrievance: {
    rule: "an employee's grievance is seen by that employee and the office alone: not by a second caregiver, not by the client",
    seenBy: ['aide', 'admin', 'thirdAdmin'],
    hiddenFrom: ['nurse', 'clara', 'family2'],
  },
  openVisitElsewhere: {
    rule: "an open visit's address and entry notes are not shown to a caregiver until it is theirs (whatever their position fits)",
    seenBy: ['admin'],
    hiddenFrom: ['nurse', 'aide', 'clara', 'family2'],
  },
  pastOpenVisit: {
    rule: 'an open visit in the past is no caregiver’s to see',
    seenBy: ['admin'],
    hiddenFrom: ['nurse', 'aide'],
  },
  clockReason: {
    rule: "a client and their family never see the caregiver's reasons for a clock away from home",
    seenBy: ['admin', 'nurse'],
    hiddenFrom: ['clara', 'family2', 'aide'],
  },
  exceptionDetail: {
    rule: 'a client and their family never see the exception details of a visit',
    seenBy: ['admin'],
    hiddenFrom: ['clara', 'family2', 'aide'],
  },
  resolutionNote: {
    rule: "a client and their family never see the office's notes on a visit (a resolution note, an HR remark)",
    seenBy: ['admin', 'thirdAdmin'],
    hiddenFrom: ['clara', 'family2', 'aide'],
  },
  visitNotes: {
    rule: "the office's notes on a visit (a gate code) reach the office and its caregiver, never the client's portal",
    seenBy: ['admin', 'nurse'],
    hiddenFrom: ['clara', 'family2', 'aide'],
  },
  caregiverSurname: {
    rule: "a client and their family see the caregiver's first name and initial, never the full name",
    seenBy: ['admin'],
    hiddenFrom: ['clara', 'family2', 'family3'],
  },
  referralNotes: {
    rule: "a marketer sees their own referrals only: not a second marketer's of the same agency",
    seenBy: ['marketer', 'admin', 'thirdAdmin'],
    hiddenFrom: ['marketer2', 'nurse', 'clara'],
  },
  homePosition: {
    rule: "the client's home position is the server's to compare with: it never goes to a caregiver's phone",
    seenBy: ['admin'],
    hiddenFrom: ['nurse', 'aide'],
  },
} satisfies Record<string, Secret>;
type SecretName = keyof typeof SECRETS;

const CALLERS: Record<Person, Caller> = {
  admin: 'admin',
  thirdAdmin: 'admin',
  clara: 'client',
  family2: 'client',
  family3: 'client',
  nurse: 'readyRn',
  aide: 'ready',
  marketer: 'marketer',
  marketer2: 'marketer',
};

interface Session {
  access: string;
  userId: number;
}

export function insideOrganizationSuite(backend: Backend): void {
  if (!testBackends().includes(backend)) {
    describe.skip(`inside one organization (${backend}): no TEST_DATABASE_URL`, () => {
      it('runs on PostgreSQL only with TEST_DATABASE_URL set', () => {});
    });
    return;
  }
  describe(`inside one organization (${backend})`, () => {
    let t: TestApp;
    let operations: Operation[] = [];
    const people = {} as Record<Person, Session>;
    const markers = {} as Record<SecretName, string>;
    /** Record ids by the first path segment of the operations that name them. */
    const ids: Record<string, number[]> = {
      grievances: [],
      visits: [],
      clients: [],
      'work-service-reviews': [],
      referrals: [],
    };
    let claraClientId = 0;
    let claraGrievanceId = 0;
    let openVisitAhead = 0;
    let openVisitPast = 0;
    let extraQueries: Record<string, string[]> = {};
    /**
     * Every answer a person gets: every GET they may call, with every planted id. Made once per person, inside
     * the first test that asks (so that each rule's code runs within the tests that check it).
     */
    const scans = new Map<Person, Promise<{ url: string; body: string }[]>>();
    const answersOf = (person: Person) => {
      if (!scans.has(person)) scans.set(person, scan(person));
      return scans.get(person)!;
    };
    async function scan(person: Person): Promise<{ url: string; body: string }[]> {
      const got: { url: string; body: string }[] = [];
      for (const op of operations) {
        if (!op.access || !allows(op.access, { caller: CALLERS[person] })) continue;
        const params = op.parameters.filter((p) => p.in === 'path').map((p) => p.name);
        const resource = op.path.split('/')[2];
        const urls: string[] = [];
        if (!params.length) {
          urls.push(op.path, ...(extraQueries[op.operationId] ?? []).map((query) => `${op.path}?${query}`));
        } else if (params.length === 1 && params[0] === 'id' && ids[resource]) {
          urls.push(...ids[resource].map((id) => fillPath(op.path, { id })));
        }
        for (const url of urls) {
          const response = await injectOperation(t, op, { method: 'GET', url, headers: as(person) });
          got.push({ url, body: response.body });
        }
      }
      return got;
    }

    const db = () => t.database.db;
    const as = (person: Person) => t.headers(people[person].access, 'sunrise');
    const call = (person: Person, method: string, url: string, payload?: unknown) =>
      t.app.inject({
        method: method as 'GET',
        url,
        headers: as(person),
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      });
    const idOf = async (email: string) =>
      (await db().select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;

    /** A family member of Clara's client record: a user of role client linked to it. */
    async function familyMember(firstName: string): Promise<Session> {
      const copy = await cloneUser(t, await idOf('client@sunrise.example'));
      await db().update(users).set({ firstName, lastName: 'Whitfield' }).where(eq(users.id, copy.id));
      const [sunrise] = await db()
        .select({ organizationId: users.organizationId })
        .from(users)
        .where(eq(users.id, copy.id));
      await db().insert(clientUsers).values({
        userId: copy.id,
        organizationId: sunrise.organizationId!,
        clientId: claraClientId,
        relationship: 'FAMILY',
      });
      return { access: (await mintSession(t, copy.id)).access, userId: copy.id };
    }

    /** A grievance filed in the portal by a complainant (a client's user, or an employee: no client), with its FILED event. */
    async function plantGrievance(
      organizationId: number,
      complainantId: number,
      clientId: number | null,
      content: { category: GrievanceCategory; description: string; peopleInvolved?: string; desiredOutcome?: string },
    ): Promise<{ id: number }> {
      const [complainant] = await db().select().from(users).where(eq(users.id, complainantId));
      const [row] = await db()
        .insert(grievances)
        .values({
          organizationId,
          clientId,
          complainantId,
          complainantName: `${complainant.firstName} ${complainant.lastName}`,
          channel: 'PORTAL',
          filedById: complainantId,
          urgent: content.category === 'ABUSE',
          ...content,
        })
        .returning({ id: grievances.id });
      await db().insert(grievanceEvents).values({
        organizationId,
        grievanceId: row.id,
        kind: 'FILED',
        toState: 'RECEIVED',
        byId: complainantId,
      });
      return row;
    }

    /** A client of the agency that none of these caregivers serves, with one service and a marked address. */
    async function otherClient(
      service: 'SkilledNurses' | 'Pathways',
      address: string,
    ): Promise<{ clientId: number; serviceId: number }> {
      const organizationId = (
        await db()
          .select({ organizationId: users.organizationId })
          .from(users)
          .where(eq(users.email, 'admin@sunrise.example'))
      )[0].organizationId!;
      const [client] = await db()
        .insert(clients)
        .values({
          organizationId,
          type: 'HCC',
          status: 'ACTIVE',
          firstName: 'Ines',
          lastName: `Elsewhere${unique()}`,
          dateOfBirth: '1941-05-02',
          address,
          city: 'Springfield',
          state: 'IL',
          postalCode: '62704',
        })
        .returning({ id: clients.id });
      const [row] = await db()
        .insert(clientServices)
        .values({ organizationId, clientId: client.id, service })
        .returning({ id: clientServices.id });
      return { clientId: client.id, serviceId: row.id };
    }

    async function openVisit(
      place: { clientId: number; serviceId: number },
      startsAt: Date,
      notes: string,
    ): Promise<number> {
      const organizationId = (
        await db()
          .select({ organizationId: clients.organizationId })
          .from(clients)
          .where(eq(clients.id, place.clientId))
      )[0].organizationId;
      const [visit] = await db()
        .insert(visits)
        .values({
          organizationId,
          clientId: place.clientId,
          clientServiceId: place.serviceId,
          caregiverId: null,
          status: 'OPEN',
          startsAt,
          endsAt: new Date(startsAt.getTime() + 2 * 3600_000),
          serviceDate: startsAt.toISOString().slice(0, 10),
          notes,
        })
        .returning({ id: visits.id });
      return visit.id;
    }

    beforeAll(async () => {
      t = await createTestApp({ backend });
      for (const name of Object.keys(SECRETS) as SecretName[]) markers[name] = `inside${name}${unique()}`.toLowerCase();
      const login = async (email: string): Promise<Session> => {
        const session = await t.login(email);
        return { access: session.access, userId: session.user.id };
      };
      people.admin = await login('admin@sunrise.example');
      people.clara = await login('client@sunrise.example');
      people.nurse = await login('nurse@sunrise.example');
      const third = await cloneUser(t, people.admin.userId);
      people.thirdAdmin = { access: (await mintSession(t, third.id)).access, userId: third.id };
      // a copy of the READY home health aide with no form due (the demo aide has one, which confines her)
      const aide = await cloneUser(t, await idOf('aide@sunrise.example'));
      people.aide = { access: (await mintSession(t, aide.id)).access, userId: aide.id };
      people.marketer = await login('marketer@sunrise.example');
      const marketer2 = await cloneUser(t, people.marketer.userId);
      people.marketer2 = { access: (await mintSession(t, marketer2.id)).access, userId: marketer2.id };
      [{ clientId: claraClientId }] = await db()
        .select({ clientId: clientUsers.clientId })
        .from(clientUsers)
        .where(eq(clientUsers.userId, people.clara.userId));
      people.family2 = await familyMember('Daniel');
      people.family3 = await familyMember('Rosa');
      ids.clients.push(claraClientId);

      // Clara's complaint of abuse by her son; the office answers it, with an internal note beside. Planted as the
      // grievances service writes them (its own suites file them through the API): nothing of the rules under
      // test runs while the records are planted, so each rule is exercised by the tests that scan for it.
      const sunriseId = (
        await db().select({ id: users.organizationId }).from(users).where(eq(users.id, people.clara.userId))
      )[0].id!;
      const grievance = await plantGrievance(sunriseId, people.clara.userId, claraClientId, {
        category: 'ABUSE',
        description: `My son takes my money. ${markers.claraGrievance}`,
        peopleInvolved: 'Daniel, my son; the nurse saw it',
        desiredOutcome: `Please do not tell Daniel. ${markers.claraGrievance}`,
      });
      claraGrievanceId = grievance.id;
      await db()
        .insert(grievanceEvents)
        .values({
          organizationId: sunriseId,
          grievanceId: grievance.id,
          kind: 'NOTE',
          note: `HR remark ${markers.internalNote}`,
          internal: true,
          byId: people.admin.userId,
        });
      // a second complaint of Clara's, shared with Rosa alone
      const shared = await plantGrievance(sunriseId, people.clara.userId, claraClientId, {
        category: 'BILLING',
        description: `The invoice is wrong. ${markers.sharedGrievance}`,
      });
      await db().insert(grievanceShares).values({
        organizationId: sunriseId,
        grievanceId: shared.id,
        userId: people.family3.userId,
        sharedById: people.clara.userId,
      });
      // the aide's own grievance about the schedule
      const employees = await plantGrievance(sunriseId, people.aide.userId, null, {
        category: 'SCHEDULE',
        description: `My shifts keep moving. ${markers.employeeGrievance}`,
      });
      ids.grievances.push(grievance.id, shared.id, employees.id);

      // open visits: one ahead at a home nobody here serves (a nurse-only service), one in the past
      const now = t.clock.now();
      const ahead = await otherClient('SkilledNurses', `12 Gate Road ${markers.openVisitElsewhere}`);
      openVisitAhead = await openVisit(
        ahead,
        new Date(now.getTime() + 2 * 86_400_000),
        `Gate code ${markers.openVisitElsewhere}`,
      );
      const past = await otherClient('Pathways', `3 Old Mill Lane ${markers.pastOpenVisit}`);
      openVisitPast = await openVisit(
        past,
        new Date(now.getTime() - 2 * 86_400_000),
        `Key under the mat ${markers.pastOpenVisit}`,
      );
      ids.visits.push(openVisitAhead, openVisitPast);
      ids.clients.push(ahead.clientId, past.clientId);

      // one of the nurse's visits at Clara's home, clocked away from home, with an exception the office resolved
      const [claraVisit] = await db()
        .select({ id: visits.id, organizationId: visits.organizationId, startsAt: visits.startsAt })
        .from(visits)
        .where(
          and(
            eq(visits.clientId, claraClientId),
            eq(visits.caregiverId, people.nurse.userId),
            sql`${visits.startsAt} < ${now.toISOString()}`,
          ),
        )
        .orderBy(sql`${visits.startsAt} desc`)
        .limit(1);
      await db()
        .update(visits)
        .set({
          notes: `Gate code 4411 ${markers.visitNotes}`,
          clockInAt: sql`coalesce(${visits.clockInAt}, ${visits.startsAt})`,
          clockInLocation: 'COMMUNITY',
          clockInReason: `Met her at the pharmacy ${markers.clockReason}`,
          clockInLatitude: 39.8,
          clockInLongitude: -89.6,
          clockInAccuracy: 12,
          correctionNote: `Late again, HR told ${markers.resolutionNote}`,
        })
        .where(eq(visits.id, claraVisit.id));
      await db()
        .insert(visitExceptions)
        .values({
          organizationId: claraVisit.organizationId,
          visitId: claraVisit.id,
          code: 'LOCATION_CLOCK_IN',
          detail: `Away from home ${markers.exceptionDetail}`,
          resolution: 'APPROVED',
          resolutionNote: `Spoke to her manager ${markers.resolutionNote}`,
          resolvedById: people.admin.userId,
          resolvedAt: now,
        })
        .onConflictDoNothing();
      ids.visits.push(claraVisit.id);
      // a note on one of the first marketer's referrals
      const [referral] = await db()
        .select({ id: referrals.id })
        .from(referrals)
        .where(eq(referrals.marketerId, people.marketer.userId))
        .orderBy(referrals.id)
        .limit(1);
      await db()
        .update(referrals)
        .set({ notes: `Daughter prefers mornings ${markers.referralNotes}` })
        .where(eq(referrals.id, referral.id));
      ids.referrals.push(referral.id);
      // the caregiver's surname and the home's position, as recognisable strings
      await db()
        .update(users)
        .set({ lastName: `Okafor${markers.caregiverSurname}` })
        .where(eq(users.id, people.nurse.userId));
      await db()
        .update(clients)
        .set({ latitude: 39.78171234, longitude: -89.65012345 })
        .where(eq(clients.id, claraClientId));
      await db()
        .update(clients)
        .set({ latitude: 39.70171234, longitude: -89.61012345 })
        .where(eq(clients.id, ahead.clientId));
      markers.homePosition = '39.78171234';

      ids['work-service-reviews'].push(
        ...(await t.database.db
          .execute(sql`SELECT id FROM work_service_reviews WHERE client_id = ${claraClientId}`)
          .then((r) => rowsOf<{ id: number }>(r).map((row) => Number(row.id)))),
      );

      // every GET each person may call, with every planted id
      operations = (await loadOperations(t)).operations.filter((op) => op.method === 'GET' && !op.streams);
      extraQueries = {
        visits_list: [
          'status=OPEN',
          `from=${new Date(now.getTime() - 30 * 86_400_000).toISOString().slice(0, 10)}&to=${new Date(now.getTime() + 30 * 86_400_000).toISOString().slice(0, 10)}`,
        ],
        grievances_list: [`client_id=${claraClientId}`],
        visit_exceptions_list: ['resolved=true'],
      };
    }, 300_000);
    afterAll(async () => t?.close());

    for (const [name, secret] of Object.entries(SECRETS) as [SecretName, Secret][]) {
      describe(secret.rule, () => {
        for (const person of secret.hiddenFrom) {
          it(`is hidden from ${person}`, async () => {
            const leaks = (await answersOf(person))
              .filter((answer) => answer.body.includes(markers[name]))
              .map((answer) => answer.url);
            expect(leaks, `${person} got ${name} in`).toEqual([]);
          }, 120_000);
        }
        for (const person of secret.seenBy) {
          it(`is seen by ${person}`, async () => {
            expect(
              (await answersOf(person)).some((answer) => answer.body.includes(markers[name])),
              `${person} should find ${name}`,
            ).toBe(true);
          }, 120_000);
        }
      });
    }

    describe('writes follow the same rules', () => {
      it("a second family member and the named nurse cannot write into Clara's grievance, nor learn it exists", async () => {
        for (const person of ['family2', 'nurse'] as const) {
          const response = await call(person, 'POST', `/api/grievances/${claraGrievanceId}/notes/`, {
            note: 'I saw this',
          });
          expect(response.statusCode, person).toBe(404);
        }
      });

      it('a caregiver cannot ask for an open visit their position does not fit, or one already past', async () => {
        expect((await call('aide', 'POST', `/api/visits/${openVisitAhead}/request/`)).statusCode).toBe(404);
        expect((await call('nurse', 'POST', `/api/visits/${openVisitPast}/request/`)).statusCode).toBe(404);
      });
    });
  });
}

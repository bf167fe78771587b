/**
 * The demo's clients (product.md, "Demo organizations"): in Sunrise a dozen clients of all three types and
 * states (one of them the record of client@sunrise.example), with services and authorizations; a concern in
 * progress. Harbor has a smaller set of its own, so that leaks between the two would show. Their referrals are
 * in referrals.ts.
 */
import { certificationEnd, type ClientStatus, type ServiceCode } from '#domain/clients';
import { addDays, dateIn } from '#domain/dates';
import type { ClientType } from '#domain/labels';
import type { Tx } from '../connection';
import { clientAuthorizations, clients, clientServices, clientUsers, users } from '../schema';
import { daysBefore, demoStaff, type DemoIds } from './demo';

/** A person of the demo, as a client or a referral: the name, birth date, phone and home. */
export interface DemoPerson {
  first: string;
  last: string;
  born: string;
  phone: string;
  address: string;
  city: string;
}

interface DemoClient extends DemoPerson {
  type: ClientType;
  status: ClientStatus;
  language?: string;
  services: ServiceCode[];
  /** Home coordinates (visit verification compares clock-ins with them). */
  at?: [number, number];
  /** Home health: physician, NPI, diagnosis code and text, payer. */
  clinical?: {
    physician: string;
    npi: string;
    diagnosis: string;
    description: string;
    payer: 'Medicare' | 'Medicaid';
    member: string;
    certifiedDaysAgo: number;
  };
}

// Valid NPIs (their last digit checks): the CMS example 1234567893 and others computed the same way.
const SUNRISE_CLIENTS: DemoClient[] = [
  {
    first: 'Clara',
    last: 'Whitfield',
    type: 'HCC',
    status: 'ACTIVE',
    born: '1941-03-12',
    phone: '(555) 201-4410',
    address: '14 Orchard Lane',
    city: 'Riverton',
    language: 'English',
    services: ['Pathways'],
    at: [40.7411, -73.9897],
  },
  {
    first: 'Walter',
    last: 'Nguyen',
    type: 'HHP',
    status: 'ACTIVE',
    born: '1938-07-02',
    phone: '(555) 201-7781',
    address: '88 Birch Street, Apt 3',
    city: 'Riverton',
    language: 'Vietnamese',
    services: ['SkilledNurses', 'PhysicalTherapist'],
    at: [40.7455, -73.9822],
    clinical: {
      physician: 'Dr. Helen Park',
      npi: '1234567893',
      diagnosis: 'I50.9',
      description: 'Heart failure, unspecified',
      payer: 'Medicare',
      member: '1EG4-TE5-MK73',
      certifiedDaysAgo: 20,
    },
  },
  {
    first: 'Rosa',
    last: 'Delgado',
    type: 'HCC, HHP',
    status: 'ACTIVE',
    born: '1950-11-23',
    phone: '(555) 201-3302',
    address: '3 Mill Pond Road',
    city: 'Eastbrook',
    language: 'Spanish',
    services: ['Wellness', 'Cna'],
    at: [40.7302, -73.9951],
    clinical: {
      physician: 'Dr. Samuel Ortiz',
      npi: '1245319599',
      diagnosis: 'E11.9',
      description: 'Type 2 diabetes mellitus without complications',
      payer: 'Medicaid',
      member: 'MD-4471920',
      certifiedDaysAgo: 52,
    },
  },
  {
    first: 'Harold',
    last: 'Becker',
    type: 'HCC',
    status: 'ACTIVE',
    born: '1946-01-30',
    phone: '(555) 201-9914',
    address: '212 Summit Avenue',
    city: 'Riverton',
    services: ['Bds'],
    at: [40.7521, -73.9771],
  },
  {
    first: 'Mei',
    last: 'Tanaka',
    type: 'HCC',
    status: 'PENDING',
    born: '1955-05-17',
    phone: '(555) 201-6620',
    address: '9 Lantern Court',
    city: 'Eastbrook',
    language: 'Japanese',
    services: ['Wellness'],
  },
  {
    first: 'George',
    last: 'Adeyemi',
    type: 'HHP',
    status: 'PENDING',
    born: '1944-09-08',
    phone: '(555) 201-2287',
    address: '47 Willow Bend',
    city: 'Riverton',
    services: ['SkilledNurses'],
    clinical: {
      physician: 'Dr. Helen Park',
      npi: '1234567893',
      diagnosis: 'J44.1',
      description: 'COPD with acute exacerbation',
      payer: 'Medicare',
      member: '2FH5-UF6-NL84',
      certifiedDaysAgo: 0,
    },
  },
  {
    first: 'Lucille',
    last: 'Moreau',
    type: 'HCC',
    status: 'WAITING_LIST',
    born: '1939-12-01',
    phone: '(555) 201-5508',
    address: '600 Harbor View Drive',
    city: 'Westfield',
    language: 'French',
    services: ['Pathways'],
  },
  {
    first: 'Dennis',
    last: 'Kowalski',
    type: 'HCC',
    status: 'ON_HOLD',
    born: '1948-04-19',
    phone: '(555) 201-8836',
    address: '19 Cedar Row',
    city: 'Riverton',
    services: ['Wellness'],
    at: [40.7388, -73.9912],
  },
  {
    first: 'Priya',
    last: 'Raman',
    type: 'HHP',
    status: 'ACTIVE',
    born: '1952-02-14',
    phone: '(555) 201-4471',
    address: '71 Elm Terrace',
    city: 'Eastbrook',
    language: 'Tamil',
    services: ['SkilledNurses', 'OccupationalTherapist'],
    at: [40.7266, -73.9874],
    clinical: {
      physician: 'Dr. Samuel Ortiz',
      npi: '1245319599',
      diagnosis: 'S72.001A',
      description: 'Fracture of unspecified part of neck of right femur, initial encounter',
      payer: 'Medicare',
      member: '3GJ6-VG7-PM95',
      certifiedDaysAgo: 58,
    },
  },
  {
    first: 'Frank',
    last: 'Osei',
    type: 'HCC',
    status: 'DISCHARGED',
    born: '1936-08-27',
    phone: '(555) 201-1195',
    address: '5 Quarry Hill',
    city: 'Westfield',
    services: ['Pathways'],
  },
  {
    first: 'Evelyn',
    last: 'Brandt',
    type: 'HCC, HHP',
    status: 'WAITING_LIST',
    born: '1943-06-05',
    phone: '(555) 201-3349',
    address: '230 Lakeshore Blvd',
    city: 'Riverton',
    services: ['Wellness', 'Lpn'],
  },
  {
    first: 'Samuel',
    last: 'Fischer',
    type: 'HCC',
    status: 'ACTIVE',
    born: '1949-10-10',
    phone: '(555) 201-7702',
    address: '12 Foundry Street',
    city: 'Eastbrook',
    services: ['Wellness'],
    at: [40.7349, -73.9801],
  },
];

const HARBOR_CLIENTS: DemoClient[] = [
  {
    first: 'Agnes',
    last: 'Holloway',
    type: 'HHP',
    status: 'ACTIVE',
    born: '1940-02-22',
    phone: '(555) 310-4421',
    address: '7 Pier Road',
    city: 'Port Mason',
    services: ['SkilledNurses'],
    clinical: {
      physician: 'Dr. Ida Quinn',
      npi: '1234567893',
      diagnosis: 'I10',
      description: 'Essential (primary) hypertension',
      payer: 'Medicare',
      member: '4HK7-WH8-QN06',
      certifiedDaysAgo: 10,
    },
  },
  {
    first: 'Bernard',
    last: 'Lyle',
    type: 'HCC',
    status: 'PENDING',
    born: '1951-09-14',
    phone: '(555) 310-8830',
    address: '41 Anchor Street',
    city: 'Port Mason',
    services: ['Wellness'],
  },
  {
    first: 'Cora',
    last: 'Vance',
    type: 'HCC, HHP',
    status: 'ON_HOLD',
    born: '1947-03-03',
    phone: '(555) 310-2215',
    address: '18 Tide Lane',
    city: 'Saltmarsh',
    services: ['Pathways', 'Cna'],
  },
];

/** The demo clients' ids by last name, in each organization (the referrals admitted as them point at them). */
export type DemoClientIds = Record<'sunrise' | 'harbor', Map<string, number>>;

/** The person's columns, which the clients and the referrals tables share (every demo home is in New York). */
export const personColumns = (person: DemoPerson) => ({
  firstName: person.first,
  lastName: person.last,
  dateOfBirth: person.born,
  phone: person.phone,
  phoneDigits: person.phone.replace(/\D/g, ''),
  address: person.address,
  city: person.city,
  state: 'NY',
  postalCode: '10001',
});

async function seedClients(
  tx: Tx,
  organizationId: number,
  list: DemoClient[],
  today: string,
  by: number,
  now: Date,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const demo of list) {
    const clinical = demo.clinical;
    const certificationStart = clinical ? addDays(today, -clinical.certifiedDaysAgo) : null;
    const [row] = await tx
      .insert(clients)
      .values({
        organizationId,
        type: demo.type,
        status: demo.status,
        ...personColumns(demo),
        latitude: demo.at?.[0] ?? null,
        longitude: demo.at?.[1] ?? null,
        preferredLanguage: demo.language ?? 'English',
        emergencyContactName: `${demo.first === 'Clara' ? 'Thomas' : 'Jordan'} ${demo.last}`,
        emergencyContactPhone: '(555) 209-0000',
        emergencyContactRelationship: demo.first === 'Clara' ? 'Son' : 'Family',
        notes: demo.status === 'ON_HOLD' ? 'On hold while in rehabilitation.' : '',
        payer: clinical?.payer ?? null,
        memberId: clinical?.member ?? null,
        physicianName: clinical?.physician ?? null,
        physicianNpi: clinical?.npi ?? null,
        diagnosisCode: clinical?.diagnosis ?? null,
        diagnosisDescription: clinical?.description ?? null,
        certificationStart,
        certificationEnd: certificationStart ? certificationEnd(certificationStart) : null,
        dischargedOn: demo.status === 'DISCHARGED' ? addDays(today, -14) : null,
        dischargeReason: demo.status === 'DISCHARGED' ? 'GOALS_MET' : null,
        dischargeNote: demo.status === 'DISCHARGED' ? 'Walking independently again.' : null,
        createdById: by,
        createdAt: daysBefore(now, 60),
        updatedAt: daysBefore(now, 60),
      })
      .returning({ id: clients.id });
    ids.set(demo.last, row.id);
    for (const service of demo.services) {
      const [serviceRow] = await tx
        .insert(clientServices)
        .values({
          organizationId,
          clientId: row.id,
          service,
          status: demo.status === 'DISCHARGED' ? 'ENDED' : 'ACTIVE',
          createdAt: daysBefore(now, 60),
        })
        .returning({ id: clientServices.id });
      if (demo.status === 'ACTIVE' || demo.status === 'ON_HOLD') {
        // hours of home care for a quarter; visits of home health for the certification period
        const homeHealth = !['Pathways', 'Wellness', 'Bds'].includes(service);
        const startsOn = homeHealth && certificationStart ? certificationStart : addDays(today, -30);
        await tx.insert(clientAuthorizations).values({
          organizationId,
          clientId: row.id,
          serviceId: serviceRow.id,
          unit: homeHealth ? 'VISIT' : 'HOUR',
          amount: homeHealth ? 18 : 240,
          startsOn,
          // Harold Becker's ends within two weeks, so the warning shows in the demo
          endsOn:
            homeHealth && certificationStart
              ? certificationEnd(certificationStart)
              : demo.last === 'Becker'
                ? addDays(today, 10)
                : addDays(today, 60),
          reference: `AUTH-${row.id}-${serviceRow.id}`,
          createdById: by,
          createdAt: daysBefore(now, 59),
        });
      }
    }
  }
  return ids;
}

export async function seedDemoClients(
  tx: Tx,
  ids: DemoIds,
  timezones: Record<'sunrise' | 'harbor', string>,
  now: Date,
): Promise<DemoClientIds> {
  const { sunriseAdmin, harborAdmin } = demoStaff(ids);
  const sunriseClients = await seedClients(
    tx,
    ids.organizations.sunrise,
    SUNRISE_CLIENTS,
    dateIn(timezones.sunrise, now),
    sunriseAdmin,
    now,
  );
  const harborClients = await seedClients(
    tx,
    ids.organizations.harbor,
    HARBOR_CLIENTS,
    dateIn(timezones.harbor, now),
    harborAdmin,
    now,
  );
  // client@sunrise.example is Clara Whitfield herself
  const clara = sunriseClients.get('Whitfield')!;
  await tx.insert(clientUsers).values({
    userId: ids.users['client@sunrise.example'],
    organizationId: ids.organizations.sunrise,
    clientId: clara,
    relationship: 'SELF',
    createdAt: daysBefore(now, 50),
  });
  // her concern (under investigation) is seeded with the other grievances (messaging.ts)

  // Harbor: a family member invited to the portal (not signed up yet)
  const holloway = harborClients.get('Holloway')!;
  const [family] = await tx
    .insert(users)
    .values({
      organizationId: ids.organizations.harbor,
      email: 'june.holloway@harbor.example',
      firstName: 'June',
      lastName: 'Holloway',
      role: 'ROLE_CLIENT',
      passwordHash: null,
      timezone: timezones.harbor,
      createdAt: daysBefore(now, 12),
    })
    .returning({ id: users.id });
  await tx.insert(clientUsers).values({
    userId: family.id,
    organizationId: ids.organizations.harbor,
    clientId: holloway,
    relationship: 'FAMILY',
    createdAt: daysBefore(now, 12),
  });
  // the daughter's call is recorded as a grievance in messaging.ts
  return { sunrise: sunriseClients, harbor: harborClients };
}

/**
 * The demo's referrals (product.md, "Demo organizations"): Sunrise's marketer's in every status with their
 * timelines, Harbor's few of its own; one admitted in each points at the client it became.
 */
import { eq } from 'drizzle-orm';
import type { DeclineReason, ReferralSource, ReferralStatus, ServiceCode } from '#domain/clients';
import { dateIn } from '#domain/dates';
import type { ClientType } from '#domain/labels';
import type { Tx } from '../connection';
import { clients, referralEvents, referrals } from '../schema';
import { personColumns, type DemoClientIds, type DemoPerson } from './clients';
import { daysBefore, demoStaff, type DemoIds } from './demo';

interface DemoReferral extends DemoPerson {
  type: ClientType;
  services: ServiceCode[];
  payer: 'Medicare' | 'Medicaid' | 'PRIVATE_PAY' | 'PRIVATE_INSURANCE' | null;
  source: ReferralSource;
  sourceName: string;
  sourceContact: string;
  notes: string;
  /** The path it took, with the days ago of each step (the first is its arrival as New). */
  path: { status: ReferralStatus; daysAgo: number; reason?: DeclineReason; assessmentInDays?: number; note?: string }[];
  /** The demo client it was admitted as (by last name). */
  admittedAs?: string;
}

const SUNRISE_REFERRALS: DemoReferral[] = [
  {
    first: 'Arthur',
    last: 'Penhale',
    born: '1942-04-11',
    phone: '(555) 402-1180',
    address: '33 Meadow Way',
    city: 'Riverton',
    type: 'HHP',
    services: ['SkilledNurses'],
    payer: 'Medicare',
    source: 'HOSPITAL',
    sourceName: 'Riverton General Hospital',
    sourceContact: 'Dana Cole, discharge planner, (555) 400-2000',
    notes: 'Discharge after hip replacement; lives alone.',
    path: [{ status: 'NEW', daysAgo: 0 }],
  },
  {
    first: 'Beatrice',
    last: 'Lund',
    born: '1937-01-29',
    phone: '(555) 402-3317',
    address: '5 Fern Hollow',
    city: 'Eastbrook',
    type: 'HCC',
    services: ['Wellness'],
    payer: 'PRIVATE_PAY',
    source: 'FAMILY',
    sourceName: 'Daughter, Karen Lund',
    sourceContact: '(555) 402-3318',
    notes: 'Needs help with meals and bathing three mornings a week.',
    path: [{ status: 'NEW', daysAgo: 4 }],
  },
  {
    first: 'Cyrus',
    last: 'Mahdavi',
    born: '1946-08-15',
    phone: '(555) 402-7741',
    address: '90 Quarry Road',
    city: 'Westfield',
    type: 'HCC, HHP',
    services: ['Pathways', 'SkilledNurses'],
    payer: 'Medicaid',
    source: 'PHYSICIAN',
    sourceName: 'Westfield Family Practice',
    sourceContact: 'Dr. Lee, (555) 400-3100',
    notes: '',
    path: [
      { status: 'NEW', daysAgo: 6 },
      { status: 'CONTACTED', daysAgo: 5, note: 'Spoke with Mr. Mahdavi; prefers afternoons.' },
    ],
  },
  {
    first: 'Dorothy',
    last: 'Ashworth',
    born: '1940-12-03',
    phone: '(555) 402-5502',
    address: '17 Chapel Street',
    city: 'Riverton',
    type: 'HHP',
    services: ['SkilledNurses', 'PhysicalTherapist'],
    payer: 'Medicare',
    source: 'HOSPITAL',
    sourceName: "St. Anne's Medical Center",
    sourceContact: 'Case management, (555) 400-4400',
    notes: 'Wound care twice a week.',
    path: [
      { status: 'NEW', daysAgo: 9 },
      { status: 'CONTACTED', daysAgo: 8 },
      { status: 'ASSESSMENT_SCHEDULED', daysAgo: 7, assessmentInDays: 2 },
    ],
  },
  {
    first: 'Walter',
    last: 'Nguyen',
    born: '1938-07-02',
    phone: '(555) 201-7781',
    address: '88 Birch Street, Apt 3',
    city: 'Riverton',
    type: 'HHP',
    services: ['SkilledNurses', 'PhysicalTherapist'],
    payer: 'Medicare',
    source: 'HOSPITAL',
    sourceName: 'Riverton General Hospital',
    sourceContact: 'Dana Cole, discharge planner, (555) 400-2000',
    notes: 'Heart failure follow-up.',
    path: [
      { status: 'NEW', daysAgo: 40 },
      { status: 'CONTACTED', daysAgo: 39 },
      { status: 'ASSESSMENT_SCHEDULED', daysAgo: 38, assessmentInDays: 2 },
      { status: 'ADMITTED', daysAgo: 35 },
    ],
    admittedAs: 'Nguyen',
  },
  {
    first: 'Eleanor',
    last: 'Voss',
    born: '1935-05-21',
    phone: '(555) 402-9930',
    address: '2 Old Mill Road',
    city: 'Far Hollow',
    type: 'HCC',
    services: ['Pathways'],
    payer: 'Medicaid',
    source: 'COMMUNITY',
    sourceName: 'Far Hollow Senior Center',
    sourceContact: 'Front desk, (555) 400-5500',
    notes: '',
    path: [
      { status: 'NEW', daysAgo: 30 },
      { status: 'CONTACTED', daysAgo: 29 },
      { status: 'DECLINED', daysAgo: 28, reason: 'OUT_OF_AREA', note: 'Far Hollow is outside our service area.' },
    ],
  },
  {
    first: 'Felix',
    last: 'Grant',
    born: '1949-03-09',
    phone: '(555) 402-6604',
    address: '61 Ridge Avenue',
    city: 'Eastbrook',
    type: 'HCC',
    services: ['Wellness'],
    payer: 'PRIVATE_INSURANCE',
    source: 'SELF',
    sourceName: 'Felix Grant',
    sourceContact: '(555) 402-6604',
    notes: '',
    path: [
      { status: 'NEW', daysAgo: 21 },
      { status: 'LOST', daysAgo: 12, note: 'No answer after three calls and a letter.' },
    ],
  },
];

const HARBOR_REFERRALS: DemoReferral[] = [
  {
    first: 'Gideon',
    last: 'Marsh',
    born: '1945-10-30',
    phone: '(555) 311-2040',
    address: '3 Breakwater Close',
    city: 'Port Mason',
    type: 'HHP',
    services: ['SkilledNurses'],
    payer: 'Medicare',
    source: 'HOSPITAL',
    sourceName: 'Port Mason Hospital',
    sourceContact: 'Discharge office, (555) 311-9000',
    notes: 'Oxygen at home.',
    path: [
      { status: 'NEW', daysAgo: 3 },
      { status: 'CONTACTED', daysAgo: 2 },
    ],
  },
  {
    first: 'Agnes',
    last: 'Holloway',
    born: '1940-02-22',
    phone: '(555) 310-4421',
    address: '7 Pier Road',
    city: 'Port Mason',
    type: 'HHP',
    services: ['SkilledNurses'],
    payer: 'Medicare',
    source: 'PHYSICIAN',
    sourceName: 'Dr. Ida Quinn',
    sourceContact: '(555) 311-4100',
    notes: '',
    path: [
      { status: 'NEW', daysAgo: 20 },
      { status: 'ADMITTED', daysAgo: 15 },
    ],
    admittedAs: 'Holloway',
  },
];

async function seedReferrals(
  tx: Tx,
  organizationId: number,
  list: DemoReferral[],
  marketerId: number | null,
  officeId: number,
  clientIds: Map<string, number>,
  now: Date,
): Promise<void> {
  for (const demo of list) {
    const created = daysBefore(now, demo.path[0].daysAgo);
    const last = demo.path[demo.path.length - 1];
    const scheduled = demo.path.find((step) => step.status === 'ASSESSMENT_SCHEDULED');
    const assessmentOn = scheduled
      ? dateIn('UTC', daysBefore(now, scheduled.daysAgo - (scheduled.assessmentInDays ?? 0)))
      : null;
    const [row] = await tx
      .insert(referrals)
      .values({
        organizationId,
        marketerId,
        ...personColumns(demo),
        type: demo.type,
        requestedServices: demo.services,
        payer: demo.payer,
        source: demo.source,
        sourceName: demo.sourceName,
        sourceContact: demo.sourceContact,
        notes: demo.notes,
        status: last.status,
        assessmentOn,
        declineReason: last.reason ?? null,
        statusChangedAt: daysBefore(now, last.daysAgo),
        createdById: marketerId ?? officeId,
        createdAt: created,
      })
      .returning({ id: referrals.id });
    for (const [index, step] of demo.path.entries()) {
      await tx.insert(referralEvents).values({
        organizationId,
        referralId: row.id,
        kind: index === 0 ? 'CREATED' : 'STATUS',
        status: step.status,
        assessmentOn: step.status === 'ASSESSMENT_SCHEDULED' ? assessmentOn : null,
        reason: step.reason ?? null,
        note: step.note ?? '',
        byId: index === 0 ? (marketerId ?? officeId) : officeId,
        at: daysBefore(now, step.daysAgo),
      });
    }
    if (demo.admittedAs) {
      await tx
        .update(clients)
        .set({ referralId: row.id })
        .where(eq(clients.id, clientIds.get(demo.admittedAs)!));
    }
  }
}

export async function seedDemoReferrals(tx: Tx, ids: DemoIds, clientIds: DemoClientIds, now: Date): Promise<void> {
  const { sunriseAdmin, harborAdmin } = demoStaff(ids);
  await seedReferrals(
    tx,
    ids.organizations.sunrise,
    SUNRISE_REFERRALS,
    ids.users['marketer@sunrise.example'],
    sunriseAdmin,
    clientIds.sunrise,
    now,
  );
  await seedReferrals(tx, ids.organizations.harbor, HARBOR_REFERRALS, null, harborAdmin, clientIds.harbor, now);
}

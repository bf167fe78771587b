import type { Tx } from '../connection';
import { employeeProfiles, organizations, users, type OrganizationStyle } from '../schema';
import { DEMO_TIMEZONES, type DemoIds } from './demo';

const SUNRISE_STYLE: OrganizationStyle = {
  primary: {
    '50': '#F0FDFA',
    '100': '#CCFBF1',
    '200': '#99F6E4',
    '300': '#5EEAD4',
    '400': '#14B8A6',
    '500': '#0F766E',
    '600': '#115E59',
    '700': '#134E4A',
    '800': '#0F3D3A',
    '900': '#042F2E',
  },
};

const HARBOR_STYLE: OrganizationStyle = {
  primary: {
    '50': '#EFF6FF',
    '100': '#DBEAFE',
    '200': '#BFDBFE',
    '300': '#93C5FD',
    '400': '#3B82F6',
    '500': '#1D4ED8',
    '600': '#1E40AF',
    '700': '#1E3A8A',
    '800': '#172554',
    '900': '#0F1A3D',
  },
};

interface DemoUser {
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  organization: 'sunrise' | 'harbor' | null;
  profile?: { status: 'NEW' | 'READY'; position: string };
}

export const DEMO_USERS: DemoUser[] = [
  { email: 'master@portal.example', firstName: 'Morgan', lastName: 'Reyes', role: 'ROLE_MASTER', organization: null },
  {
    email: 'admin@sunrise.example',
    firstName: 'Alice',
    lastName: 'Grant',
    role: 'ROLE_ADMIN',
    organization: 'sunrise',
  },
  {
    email: 'nurse@sunrise.example',
    firstName: 'Nora',
    lastName: 'Okafor',
    role: 'ROLE_EMPLOYEE',
    organization: 'sunrise',
    profile: { status: 'READY', position: 'RN' },
  },
  {
    email: 'aide@sunrise.example',
    firstName: 'Ada',
    lastName: 'Lindqvist',
    role: 'ROLE_EMPLOYEE',
    organization: 'sunrise',
    profile: { status: 'READY', position: 'HHA' },
  },
  {
    email: 'newhire@sunrise.example',
    firstName: 'Noah',
    lastName: 'Patel',
    role: 'ROLE_EMPLOYEE',
    organization: 'sunrise',
    profile: { status: 'NEW', position: 'HCC' },
  },
  {
    email: 'client@sunrise.example',
    firstName: 'Clara',
    lastName: 'Whitfield',
    role: 'ROLE_CLIENT',
    organization: 'sunrise',
  },
  {
    email: 'marketer@sunrise.example',
    firstName: 'Marco',
    lastName: 'Silva',
    role: 'ROLE_MARKETER',
    organization: 'sunrise',
  },
  {
    email: 'admin@harbor.example',
    firstName: 'Hannah',
    lastName: 'Brooks',
    role: 'ROLE_ADMIN',
    organization: 'harbor',
  },
];

/** The demo organizations and their people (product.md, "Demo organizations"), each with the demo password. */
export async function seedDemoPeople(tx: Tx, passwordHash: string, now: Date): Promise<DemoIds> {
  const orgs = await tx
    .insert(organizations)
    .values([
      {
        name: 'Sunrise Home Care',
        token: 'sunrise',
        favicon: '/favicons/sunrise.svg',
        style: SUNRISE_STYLE,
        timezone: DEMO_TIMEZONES.sunrise,
        createdAt: now,
      },
      {
        name: 'Harbor Home Health',
        token: 'harbor',
        favicon: '/favicons/harbor.svg',
        style: HARBOR_STYLE,
        timezone: DEMO_TIMEZONES.harbor,
        createdAt: now,
      },
    ])
    .returning({ id: organizations.id, token: organizations.token });
  const orgId = (token: string | null) => (token ? orgs.find((o) => o.token === token)!.id : null);
  const userIds: Record<string, number> = {};
  for (const demo of DEMO_USERS) {
    const organizationId = orgId(demo.organization);
    const [user] = await tx
      .insert(users)
      .values({
        organizationId,
        email: demo.email,
        firstName: demo.firstName,
        lastName: demo.lastName,
        role: demo.role,
        passwordHash,
        timezone: DEMO_TIMEZONES[demo.organization ?? 'sunrise'],
        passwordChangedAt: now,
        createdAt: now,
      })
      .returning({ id: users.id });
    userIds[demo.email] = user.id;
    if (demo.profile && organizationId !== null) {
      await tx.insert(employeeProfiles).values({ userId: user.id, organizationId, ...demo.profile });
    }
  }
  return { organizations: { sunrise: orgId('sunrise')!, harbor: orgId('harbor')! }, users: userIds };
}

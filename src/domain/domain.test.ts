import { describe, expect, it } from 'vitest';
import { hasPermission, permissionsFor } from './permissions';
import {
  ALLOWED_PREFIXES,
  FORMS_DUE_PREFIXES,
  HOME_ROUTES,
  hasFormsDue,
  homeRouteFor,
  isPathAllowed,
  matchesPrefix,
} from './routes';
import { ROLE_LABELS, PROFILE_STATUS_LABELS, isRole } from './roles';
import {
  CLIENT_TYPE_SLUGS,
  CLIENT_TYPES,
  HOME_CARE_SERVICES,
  HOME_HEALTH_PAYERS,
  HOME_HEALTH_SERVICES,
  POSITIONS,
} from './labels';

// The tables below are copied from the specification (sections 2, 3, 4 and 6) and compared as sets.
const deletes = [
  'delete-employee-notes',
  'delete-employee-schedule-work',
  'delete-employee-payrolls',
  'delete-client-notes',
  'delete-service-visits',
  'delete-referrals',
  'delete-employees',
  'delete-clients',
];
const common = ['view-profile', 'change-password'];
const sorted = (values: readonly string[]) => [...values].sort();

describe('permissions per role and status equal spec section 6', () => {
  it.each([
    [
      'ROLE_ADMIN',
      undefined,
      [
        'view-users',
        'view-applications',
        'view-employees',
        'view-marketer',
        'edit-profile',
        'change-signature',
        'view-notifications',
        ...deletes,
      ],
    ],
    [
      'ROLE_MASTER',
      undefined,
      [
        'view-organizations',
        'view-users',
        'view-applications',
        'view-employees',
        'view-auditlogs',
        'view-marketer',
        'edit-profile',
        'change-signature',
        ...deletes,
      ],
    ],
    [
      'ROLE_EMPLOYEE',
      'READY',
      [
        'view-workschedules',
        'view-grievances',
        'view-messages',
        'view-documents',
        'change-signature',
        'view-notifications',
        'delete-grievances',
      ],
    ],
    ['ROLE_EMPLOYEE', 'NEW', ['view-onboarding']],
    ['ROLE_CLIENT', undefined, ['change-signature']],
    ['ROLE_MARKETER', undefined, ['view-notifications', 'view-referrals', 'edit-profile']],
  ] as const)('%s %s', (role, status, specific) => {
    expect(sorted(permissionsFor(role, status))).toEqual(sorted([...common, ...specific]));
  });

  it('gives the master no view-notifications', () => {
    expect(permissionsFor('ROLE_MASTER')).not.toContain('view-notifications');
  });
});

describe('route prefixes and home routes equal spec sections 2 and 6', () => {
  it('lists the allowed prefixes per role', () => {
    expect(sorted(ALLOWED_PREFIXES.ROLE_ADMIN)).toEqual(
      sorted([
        '/profile',
        '/users',
        '/applications',
        '/messages',
        '/marketers',
        '/notifications',
        '/employees',
        '/clients',
        '/dev',
      ]),
    );
    expect(sorted(ALLOWED_PREFIXES.ROLE_MASTER)).toEqual(
      sorted([
        '/profile',
        '/users',
        '/applications',
        '/messages',
        '/marketers',
        '/notifications',
        '/employees',
        '/clients',
        '/audit-log',
      ]),
    );
    expect(sorted(ALLOWED_PREFIXES.ROLE_EMPLOYEE)).toEqual(
      sorted(['/work-schedule', '/onboarding', '/grievances', '/notifications', '/profile', '/messages']),
    );
    expect(sorted(ALLOWED_PREFIXES.ROLE_CLIENT)).toEqual(
      sorted([
        '/profile',
        '/notifications',
        '/clients/welcome',
        '/onboarding/form-request',
        '/onboarding/work-service-review',
      ]),
    );
    expect(sorted(ALLOWED_PREFIXES.ROLE_MARKETER)).toEqual(sorted(['/profile', '/notifications', '/referrals']));
    expect(sorted(FORMS_DUE_PREFIXES)).toEqual(
      sorted(['/onboarding', '/profile/incomplete-documents', '/profile/documents', '/onboarding/test-request/']),
    );
  });

  it('sends each role home', () => {
    expect(HOME_ROUTES).toEqual({
      ROLE_ADMIN: '/users',
      ROLE_MASTER: '/users',
      ROLE_EMPLOYEE: '/work-schedule',
      ROLE_CLIENT: '/clients/welcome',
      ROLE_MARKETER: '/referrals',
    });
    expect(homeRouteFor({ role: 'ROLE_EMPLOYEE', profile: { status: 'READY', forms_due: 1 } })).toBe(
      '/profile/incomplete-documents',
    );
    expect(homeRouteFor({ role: 'ROLE_EMPLOYEE', profile: { status: 'READY', forms_due: 0 } })).toBe('/work-schedule');
  });

  it('confines an employee with forms due', () => {
    const due = { role: 'ROLE_EMPLOYEE' as const, profile: { status: 'NEW', forms_due: 2 } };
    expect(isPathAllowed(due, '/profile/documents')).toBe(true);
    expect(isPathAllowed(due, '/onboarding/test-request/4')).toBe(true);
    expect(isPathAllowed(due, '/profile')).toBe(false);
    expect(isPathAllowed(due, '/work-schedule')).toBe(false);
  });

  it('matches whole path segments only', () => {
    expect(isPathAllowed({ role: 'ROLE_ADMIN' }, '/users/12')).toBe(true);
    expect(isPathAllowed({ role: 'ROLE_ADMIN' }, '/usersx')).toBe(false);
    expect(isPathAllowed({ role: 'ROLE_CLIENT' }, '/clients/12')).toBe(false);
  });
});

describe('labels equal spec sections 3 and 6', () => {
  it('labels roles and statuses', () => {
    expect(ROLE_LABELS).toEqual({
      ROLE_ADMIN: 'Admin',
      ROLE_EMPLOYEE: 'Employee',
      ROLE_CLIENT: 'Client',
      ROLE_MARKETER: 'Marketer',
    });
    expect(PROFILE_STATUS_LABELS).toEqual({ NEW: 'New', READY: 'Ready to hire' });
  });

  it('labels client types, services, payers and positions', () => {
    expect(CLIENT_TYPES).toEqual({ HCC: 'Home Care', HHP: 'Home Health', 'HCC, HHP': 'Both' });
    expect(Object.fromEntries(Object.entries(CLIENT_TYPE_SLUGS).map(([slug, v]) => [slug, v.title]))).toEqual({
      'home-care': 'Home Care Client',
      'home-health': 'Home Health Patient',
      group: 'Home Care/Health Patient',
    });
    expect(HOME_CARE_SERVICES).toEqual({ Pathways: 'Pathways', Wellness: 'Health Wellness', Bds: 'BDS Waiver' });
    expect(Object.keys(HOME_HEALTH_PAYERS)).toEqual(['Medicare', 'Medicaid']);
    expect(Object.keys(HOME_HEALTH_SERVICES)).toEqual([
      'SkilledNurses',
      'Lpn',
      'Cna',
      'PhysicalTherapist',
      'OccupationalTherapist',
      'SpeechTherapist',
      'SocialWorker',
    ]);
    expect(HOME_HEALTH_SERVICES.SkilledNurses).toBe('RN Skilled Nurses Services');
    expect(POSITIONS).toEqual({
      HCC: 'Home Care Caregiver',
      RN: 'Registered Nurse',
      LPN: 'Licensed Practical Nurse',
      CNA: 'Certified Nurse Assistant',
      HHA: 'Home Health Aide',
      PT: 'Physical Therapist',
      OT: 'Occupational Therapist',
      ST: 'Speech Therapist',
      SW: 'Social Worker',
    });
  });
});

describe('the small predicates the router and the menu decide with', () => {
  it('hasPermission: a signed-in user holding the permission, nobody else', () => {
    expect(hasPermission({ permissions: ['view-users'] }, 'view-users')).toBe(true);
    expect(hasPermission({ permissions: ['view-users'] }, 'view-employees')).toBe(false);
    expect(hasPermission(null, 'view-users')).toBe(false);
    expect(hasPermission(undefined, 'view-profile')).toBe(false);
  });

  it('isRole: one of the five role codes, as written', () => {
    expect(isRole('ROLE_ADMIN')).toBe(true);
    expect(isRole('ROLE_MARKETER')).toBe(true);
    expect(isRole('role_admin')).toBe(false);
    expect(isRole('')).toBe(false);
    expect(isRole(undefined)).toBe(false);
    expect(isRole(['ROLE_ADMIN'])).toBe(false);
  });

  it('hasFormsDue: only an employee, and only with forms due', () => {
    expect(hasFormsDue({ role: 'ROLE_EMPLOYEE', profile: { forms_due: 2 } })).toBe(true);
    expect(hasFormsDue({ role: 'ROLE_EMPLOYEE', profile: { forms_due: 0 } })).toBe(false);
    expect(hasFormsDue({ role: 'ROLE_EMPLOYEE', profile: null })).toBe(false);
    expect(hasFormsDue({ role: 'ROLE_CLIENT', profile: { forms_due: 2 } })).toBe(false);
  });

  it('matchesPrefix: the path or below it; a prefix ending in / only below it', () => {
    expect(matchesPrefix('/users', '/users')).toBe(true);
    expect(matchesPrefix('/users/5', '/users')).toBe(true);
    expect(matchesPrefix('/usersx', '/users')).toBe(false);
    expect(matchesPrefix('/onboarding/test-request/7', '/onboarding/test-request/')).toBe(true);
    expect(matchesPrefix('/x/onboarding/test-request/', '/onboarding/test-request/')).toBe(false);
    expect(matchesPrefix('/onboarding/test-request', '/onboarding/test-request/')).toBe(false);
  });
});

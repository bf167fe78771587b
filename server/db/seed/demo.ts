/** What every domain seed of the demo shares: its password, its organizations' time zones, the ids it made, its clock. */
export const DEMO_PASSWORD = 'portal-demo-2026';

/** The demo organizations' time zones: their dates (expiry, due dates, today's visits) are local to these. */
export const DEMO_TIMEZONES = { sunrise: 'America/New_York', harbor: 'America/Chicago' } as const;

export interface DemoIds {
  organizations: Record<'sunrise' | 'harbor', number>;
  /** user id by demo email */
  users: Record<string, number>;
}

/** The ids of the demo's organizations and of the staff the domain seeds write as, by their part in the demo. */
export const demoStaff = (ids: DemoIds) => ({
  sunrise: ids.organizations.sunrise,
  harbor: ids.organizations.harbor,
  sunriseAdmin: ids.users['admin@sunrise.example'],
  harborAdmin: ids.users['admin@harbor.example'],
  nurse: ids.users['nurse@sunrise.example'],
  aide: ids.users['aide@sunrise.example'],
  newhire: ids.users['newhire@sunrise.example'],
});

/** The instant `days` whole days (of 24 hours) before `now`: when a demo record was made or changed. */
export const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000);

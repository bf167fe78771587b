/** The demo's constants every domain seed shares: its password, its organizations' time zones, the ids it made. */
export const DEMO_PASSWORD = 'portal-demo-2026';

/** The demo organizations' time zones: their dates (expiry, due dates, today's visits) are local to these. */
export const DEMO_TIMEZONES = { sunrise: 'America/New_York', harbor: 'America/Chicago' } as const;

export interface DemoIds {
  organizations: Record<'sunrise' | 'harbor', number>;
  /** user id by demo email */
  users: Record<string, number>;
}

import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { auditLog, notifications } from '../../db/schema';
import { current, testApp, type Caller, type TestApi } from '../../test-client';
import type { Backend } from '../../test-support';

export { SIGNATURE } from '../../lib/multipart-test-helpers';

export interface OnboardingTestApp extends TestApi {
  /** The user's notifications of a type, newest first. */
  notificationsOf(userId: number, type: string): Promise<(typeof notifications.$inferSelect)[]>;
  auditsOf(operationId: string): Promise<(typeof auditLog.$inferSelect)[]>;
}

/** The real app on the seeded demo, with what the onboarding tests read behind the API. */
export async function createOnboardingTestApp(backend: Backend): Promise<OnboardingTestApp> {
  const t = await testApp({ backend });
  return Object.assign(t, {
    notificationsOf: async (userId: number, type: string) =>
      await t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.type, type)))
        .orderBy(desc(notifications.id)),
    auditsOf: async (operationId: string) =>
      await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.operationId, operationId))
        .orderBy(desc(auditLog.id)),
  });
}

/** Who the onboarding suites act as: the office of both organizations, employees in each state, and outsiders. */
const PEOPLE = {
  admin: 'admin@sunrise.example',
  master: 'master@portal.example',
  harborAdmin: 'admin@harbor.example',
  nurse: 'nurse@sunrise.example',
  aide: 'aide@sunrise.example',
  newhire: 'newhire@sunrise.example',
  client: 'client@sunrise.example',
  marketer: 'marketer@sunrise.example',
} as const;
type Person = keyof typeof PEOPLE;

/** An onboarding suite's app and its people, signed in before (and closed after) the enclosing describe. */
export function onboardingSuite(backend: Backend): { t: OnboardingTestApp } & Record<Person, Caller> {
  let app: OnboardingTestApp;
  const names = Object.keys(PEOPLE) as Person[];
  const signedIn = {} as Record<Person, Caller>;
  beforeAll(async () => {
    app = await createOnboardingTestApp(backend);
    const callers = await app.asEach(names.map((name) => PEOPLE[name]));
    names.forEach((name, i) => (signedIn[name] = callers[i]));
  });
  afterAll(async () => app?.close());
  const people = Object.fromEntries(names.map((name) => [name, current(() => signedIn[name])]));
  return { t: current(() => app), ...(people as Record<Person, Caller>) };
}

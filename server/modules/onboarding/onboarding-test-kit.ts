import { and, desc, eq } from 'drizzle-orm';
import { auditLog, notifications } from '../../db/schema';
import { testApp, type TestApi } from '../../test-client';
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

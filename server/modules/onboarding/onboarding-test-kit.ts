import { and, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { ROUTE_MODULES } from '../../app';
import { auditLog, notifications } from '../../db/schema';
import { createTestApp, type Backend, type TestApp } from '../../test-support';
import onboardingRoutes from './routes';

export { SIGNATURE } from '../../lib/multipart-test-helpers';

export type Session = Awaited<ReturnType<TestApp['login']>>;
type Method = 'GET' | 'POST' | 'PATCH';

export interface OnboardingTestApp extends TestApp {
  call(method: Method, url: string, session: Session | null, payload?: object, organizationToken?: string | null): Promise<LightMyRequestResponse>;
  /** The user's notifications of a type, newest first. */
  notificationsOf(userId: number, type: string): Promise<(typeof notifications.$inferSelect)[]>;
  auditsOf(operationId: string): Promise<(typeof auditLog.$inferSelect)[]>;
}

/** The real app on the seeded demo, with the onboarding routes (registered here until app.ts lists the module). */
export async function createOnboardingTestApp(backend: Backend): Promise<OnboardingTestApp> {
  const listed = (ROUTE_MODULES as readonly string[]).includes('onboarding');
  const t = await createTestApp({ backend, setup: listed ? undefined : (app) => void app.register(onboardingRoutes) });
  return Object.assign(t, {
    call(method: Method, url: string, session: Session | null, payload?: object, organizationToken: string | null = null) {
      const token = organizationToken ?? (session?.user.organization?.token as string | undefined) ?? null;
      return t.app.inject({ method, url, headers: session ? t.headers(session.access, token) : {}, ...(payload ? { payload } : {}) });
    },
    notificationsOf: async (userId: number, type: string) =>
      await t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.type, type)))
        .orderBy(desc(notifications.id)),
    auditsOf: async (operationId: string) => await t.database.db.select().from(auditLog).where(eq(auditLog.operationId, operationId)).orderBy(desc(auditLog.id)),
  });
}

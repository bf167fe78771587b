import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireOrganization } from '../../lib/request-organization';
import { loadChecklist, onboardingChecklistSchema } from './checklist';
import { formRequestRoutes } from './form-request-routes';
import { EMPLOYEE_SELF } from './onboarding-access';
import { settingsRoutes } from './settings-routes';
import { testRequestRoutes } from './test-request-routes';

/** /api/onboarding/: the organization's settings, form and test requests, and the employee's own checklist. */
const onboardingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/onboarding/checklist/', { schema: onboardingChecklistSchema, config: EMPLOYEE_SELF }, async (request) =>
    loadChecklist(app.db, requireOrganization(request), request.user!.user.id, app.now()),
  );
  await app.register(settingsRoutes);
  await app.register(formRequestRoutes);
  await app.register(testRequestRoutes);
};

export default onboardingRoutes;

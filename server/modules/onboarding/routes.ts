import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf } from '../../lib/actor';
import { organizationToday } from '../../lib/dates';
import { requireOrganization } from '../../lib/request-organization';
import { AUTHENTICATED_ERRORS, errorResponses } from '../../schemas/common';
import { buildChecklist } from '../employees/checklist';
import { ChecklistSchema } from '../employees/schemas';
import { formRequestRoutes } from './form-request-routes';
import { EMPLOYEE_SELF } from './onboarding-access';
import { settingsRoutes } from './settings-routes';
import { testRequestRoutes } from './test-request-routes';

const onboardingChecklistSchema = {
  operationId: 'onboarding_checklist_retrieve',
  description:
    'Answers the signed-in employee’s own onboarding checklist: form requests, documents and competency tests with their states, and what is still missing before the office can mark them ready to hire.',
  tags: ['onboarding'],
  summary: "One's own onboarding checklist: form requests, documents, competency tests and what is missing",
  response: { 200: ChecklistSchema, ...errorResponses(...AUTHENTICATED_ERRORS) },
};

/** /api/onboarding/: the organization's settings, form and test requests, and the employee's own checklist. */
const onboardingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/onboarding/checklist/',
    { schema: onboardingChecklistSchema, config: EMPLOYEE_SELF },
    async (request) => {
      const actor = actorOf(request);
      const organization = requireOrganization(actor);
      const me = actor.user.id;
      // one's own onboarding record: audited as every read of an employee's
      await actor.audit({ entity: 'employee', entityId: me, action: 'READ', changed: { event: 'checklist' } });
      return buildChecklist(app.db, organization.id, me, organizationToday(app, organization));
    },
  );
  await app.register(settingsRoutes);
  await app.register(formRequestRoutes);
  await app.register(testRequestRoutes);
};

export default onboardingRoutes;

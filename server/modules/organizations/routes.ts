import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { pageOf, pagedAnswer } from '../../lib/paging';
import * as schemas from './schemas';
import { createOrganizationService } from './service';

const organizationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const organizations = createOrganizationService(app);

  app.get(
    '/api/organizations/',
    { schema: schemas.organizationListSchema, config: { access: { permission: 'view-organizations' } } },
    async (request) => {
      const page = pageOf(request.query);
      const { count, results } = await organizations.list(page);
      return pagedAnswer(request, page, count, results);
    },
  );

  app.get(
    '/api/organizations/:id/',
    { schema: schemas.organizationRetrieveSchema, config: { access: { public: true } } },
    async (request) => organizations.retrieve(request.params.id),
  );
};

export default organizationRoutes;

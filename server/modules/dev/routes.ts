import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { pageOf, pagedAnswer } from '../../lib/paging';
import { requireOrganization } from '../../lib/request-organization';
import * as schemas from './schemas';
import { createOutboxService } from './service';

const devRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const outbox = createOutboxService(app);

  app.get(
    '/api/dev/outbox/',
    { schema: schemas.outboxListSchema, config: { access: { roles: ['ROLE_ADMIN'] } } },
    async (request) => {
      const page = pageOf(request.query);
      const { count, results } = await outbox.list(requireOrganization(request), page);
      return pagedAnswer(request, page, count, results);
    },
  );
};

export default devRoutes;

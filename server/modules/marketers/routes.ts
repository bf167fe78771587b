import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf } from '../../lib/actor';
import { sendCsv } from '../../lib/csv-download';
import { pageOf, pagedAnswer } from '../../lib/paging';
import { requireOrganization } from '../../lib/request-organization';
import * as schemas from './schemas';
import { createMarketerService } from './service';

const marketerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const marketers = createMarketerService(app);
  const office = { access: { permission: 'view-marketer' as const } };

  app.get('/api/marketers/', { schema: schemas.marketerListSchema, config: office }, async (request) => {
    const { limit, offset, ...query } = request.query;
    const page = pageOf({ limit, offset });
    const period = marketers.periodOf(requireOrganization(request), query);
    const { count, results } = await marketers.list(actorOf(request), period, page);
    return { ...pagedAnswer(request, page, count, results), ...period };
  });

  app.get(
    '/api/marketers/report/',
    { schema: schemas.marketerReportSchema, config: office },
    async (request, reply) => {
      const period = marketers.periodOf(requireOrganization(request), request.query);
      const csv = await marketers.report(actorOf(request), period);
      return sendCsv(reply, `referral-conversion-${period.from}-to-${period.to}.csv`, csv);
    },
  );
};

export default marketerRoutes;

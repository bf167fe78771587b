import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf } from '../../lib/actor';
import { pageOf, pagedAnswer } from '../../lib/paging';
import * as schemas from './schemas';
import { createPayrollService } from './service';

const payrollRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const payroll = createPayrollService(app);
  // the office reads any employee's pay periods (the employee's Payroll tab); a READY employee their own hours
  const access = { access: { permission: ['view-employees' as const, 'view-workschedules' as const] } };

  app.get('/api/payroll-periods/', { schema: schemas.payrollListSchema, config: access }, async (request) => {
    const { limit, offset, ...query } = request.query;
    const page = pageOf({ limit, offset });
    const { count, results } = await payroll.list(actorOf(request), query, page);
    return pagedAnswer(request, page, count, results);
  });

  app.get(
    '/api/payroll-periods/export/',
    { schema: schemas.payrollExportSchema, config: access },
    async (request, reply) => {
      const { csv, filename } = await payroll.exportCsv(actorOf(request), request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(csv);
    },
  );
};

export default payrollRoutes;

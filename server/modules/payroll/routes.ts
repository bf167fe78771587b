import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf } from '../../lib/actor';
import { sendCsv } from '../../lib/csv-download';
import { listAnswer } from '../../lib/paging';
import * as schemas from './schemas';
import { createPayrollService } from './service';

const payrollRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const payroll = createPayrollService(app);
  // the office reads any employee's pay periods (the employee's Payroll tab); a READY employee their own hours
  const access = { access: { permission: ['view-employees' as const, 'view-workschedules' as const] } };

  app.get('/api/payroll-periods/', { schema: schemas.payrollListSchema, config: access }, async (request) =>
    listAnswer(request, (query, page) => payroll.list(actorOf(request), query, page)),
  );

  app.get(
    '/api/payroll-periods/export/',
    { schema: schemas.payrollExportSchema, config: access },
    async (request, reply) => {
      const { csv, filename } = await payroll.exportCsv(actorOf(request), request.query);
      return sendCsv(reply, filename, csv);
    },
  );
};

export default payrollRoutes;

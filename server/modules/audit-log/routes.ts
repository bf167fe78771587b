import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf } from '../../lib/actor';
import { sendCsv } from '../../lib/csv-download';
import { pageOf, pagedAnswer } from '../../lib/paging';
import * as schemas from './schemas';
import { createAuditLogService } from './service';

const auditLogRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const auditLog = createAuditLogService(app);
  // only the master reads the log (spec 7: view-auditlogs is the master's; product.md, "Audit"): every organization's rows
  const master = { access: { permission: 'view-auditlogs' as const } };

  app.get('/api/audit-log/', { schema: schemas.auditListSchema, config: master }, async (request) => {
    const { limit, offset, ...filter } = request.query;
    const page = pageOf({ limit, offset });
    const { count, countLimited, results } = await auditLog.list(actorOf(request), filter, page);
    return { ...pagedAnswer(request, page, count, results), count_limited: countLimited };
  });

  app.get('/api/audit-log/export/', { schema: schemas.auditExportSchema, config: master }, async (request, reply) => {
    const stream = await auditLog.exportCsv(actorOf(request), request.query);
    return sendCsv(reply, `audit-log-${request.server.now().toISOString().slice(0, 10)}.csv`, stream);
  });

  app.get('/api/audit-log/people/', { schema: schemas.auditPeopleSchema, config: master }, async (request) =>
    auditLog.people(request.query.search, request.query.organization),
  );
};

export default auditLogRoutes;

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf } from '../../lib/actor';
import { listAnswer } from '../../lib/paging';
import { sendStoredFile } from '../../lib/stored-files';
import * as schemas from './schemas';
import { scheduleClaimedJob } from '../../lib/job-claims';
import { createReviewService, REVIEW_SWEEP_JOB, sweepDueReviews } from './service';

/** Work-service reviews (product.md, "Visits"): the client signs or disputes their week; the office reads them and records when a client cannot sign. */
const workServiceReviewRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const reviews = createReviewService(app);
  const readers = { access: { roles: ['ROLE_ADMIN' as const, 'ROLE_MASTER' as const, 'ROLE_CLIENT' as const] } };
  const client = { access: { roles: ['ROLE_CLIENT' as const] } };
  const office = { access: { roles: ['ROLE_ADMIN' as const, 'ROLE_MASTER' as const] } };
  // weeks end at each organization's midnight: every quarter hour, one process creates the reviews due
  scheduleClaimedJob(app, REVIEW_SWEEP_JOB, { everyMs: 15 * 60_000, checkMs: 5 * 60_000 }, () => sweepDueReviews(app));

  app.get('/api/work-service-reviews/', { schema: schemas.reviewListSchema, config: readers }, async (request) =>
    listAnswer(request, (filter, page) => reviews.list(actorOf(request), filter, page)),
  );

  app.get(
    '/api/work-service-reviews/:id/',
    { schema: schemas.reviewRetrieveSchema, config: readers },
    async (request) => reviews.retrieve(actorOf(request), request.params.id),
  );

  app.get(
    '/api/work-service-reviews/:id/signature/',
    { schema: schemas.reviewSignatureSchema, config: readers },
    async (request, reply) => sendStoredFile(app, reply, await reviews.signature(actorOf(request), request.params.id)),
  );

  app.post(
    '/api/work-service-reviews/:id/sign/',
    { schema: schemas.reviewSignSchema, config: client },
    async (request) => reviews.sign(actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/work-service-reviews/:id/dispute/',
    { schema: schemas.reviewDisputeSchema, config: client },
    async (request) => reviews.dispute(actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/work-service-reviews/:id/unable/',
    { schema: schemas.reviewUnableSchema, config: office },
    async (request) => reviews.unable(actorOf(request), request.params.id, request.body),
  );
};

export default workServiceReviewRoutes;

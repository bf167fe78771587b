import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { scheduleClaimedJob } from '../../lib/job-claims';
import type { EventBus } from './bus';
import * as schemas from './schemas';
import { createLiveStreams, pruneLiveEvents, type LiveStreams } from './service';

export const PRUNE_JOB = 'live-events-prune';

const streamsOfBus = new WeakMap<EventBus, LiveStreams>();

/** The open streams of an app (tests check sessions or count streams without waiting for the heartbeat). */
export const liveStreamsOf = (app: Pick<FastifyInstance, 'events'>): LiveStreams | undefined =>
  streamsOfBus.get(app.events);

/** The live event stream (SSE) of the signed-in user; the bus behind it is modules/events/bus.ts. */
const eventRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const streams = createLiveStreams(app);
  streamsOfBus.set(app.events, streams);
  // before the server stops taking connections: an open stream would hold the close forever
  app.addHook('preClose', async () => streams.close());
  // once an hour, one process on the database deletes the rows of more than a day
  scheduleClaimedJob(app, PRUNE_JOB, { everyMs: 3_600_000, checkMs: 10 * 60_000 }, () => pruneLiveEvents(app));

  // whoever has notifications or messages, and the master (view-organizations is the master's), also on the
  // forms-due pages where the header's bell stays
  const listeners = {
    access: {
      permission: ['view-notifications' as const, 'view-messages' as const, 'view-organizations' as const],
      duringFormsDue: true as const,
    },
  };

  app.get('/api/events/', { schema: schemas.eventStreamSchema, config: listeners }, async (request, reply) => {
    const last = request.headers['last-event-id'];
    await streams.open(request, reply, last === undefined ? null : Number(last));
  });
};

export default eventRoutes;

import { assign, fromPromise, setup } from 'xstate';

/** The public status file (spec section 3). */
export interface PortalStatus {
  offline: boolean;
  offline_from: string | null;
  offline_until: string | null;
}

export interface PortalAvailabilityContext {
  offline: boolean;
  offlineFrom: string | null;
  offlineUntil: string | null;
}

export type PortalAvailabilityOutput = PortalAvailabilityContext;

export const portalAvailabilityMachine = setup({
  types: {
    context: {} as PortalAvailabilityContext,
    output: {} as PortalAvailabilityOutput,
  },
  actors: {
    /** GET /status.json; provided by the app. */
    fetchPortalStatus: fromPromise<PortalStatus>(async () => {
      throw new Error('fetchPortalStatus is not provided');
    }),
  },
  actions: {
    assignMaintenanceWindow: assign((_, params: { offlineFrom: string | null; offlineUntil: string | null }) => ({
      offline: true,
      offlineFrom: params.offlineFrom,
      offlineUntil: params.offlineUntil,
    })),
  },
  guards: {
    isPortalOffline: (_, params: { status: PortalStatus }) => params.status?.offline === true,
  },
}).createMachine({
  id: 'portalAvailability',
  description: 'Reads the public status file once, before anything else loads.',
  context: { offline: false, offlineFrom: null, offlineUntil: null },
  initial: 'checking',
  states: {
    checking: {
      description: 'Fetching the status file.',
      invoke: {
        src: 'fetchPortalStatus',
        onDone: [
          {
            guard: { type: 'isPortalOffline', params: ({ event }) => ({ status: event.output }) },
            target: 'maintenance',
            actions: {
              type: 'assignMaintenanceWindow',
              params: ({ event }) => ({
                offlineFrom: event.output.offline_from ?? null,
                offlineUntil: event.output.offline_until ?? null,
              }),
            },
          },
          { target: 'online' },
        ],
        onError: {
          description: 'A failed status check counts as online.',
          target: 'online',
        },
      },
    },
    online: { type: 'final' },
    maintenance: {
      description: 'The status file says the portal is offline: the maintenance page replaces the portal.',
      type: 'final',
    },
  },
  output: ({ context }) => context,
});

import { render } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client';
import type { Organization, SessionAnswer, User } from '../../api/types';
import type { PortalStatus } from '../../machines/portal-availability-machine';
import type { Credentials } from '../../machines/session-machine';
import { permissionsFor } from '../../domain/permissions';
import type { ProfileStatus, Role } from '../../domain/roles';
import { appMachine } from '../../machines/app-machine';
import { organizationMachine } from '../../machines/organization-machine';
import { portalAvailabilityMachine } from '../../machines/portal-availability-machine';
import { sessionMachine } from '../../machines/session-machine';
import {
  liveEventsMachine,
  type EventStreamInput,
  type EventStreamReport,
  type LiveEvent,
} from '../../machines/live-events-machine';
import { isLiveEventType } from '../../domain/live-events';
import { AppShell } from '../App';
import { AppActorProvider } from '../app-actor';

export const SUNRISE: Organization = {
  id: 1,
  name: 'Sunrise Home Care',
  token: 'sunrise',
  favicon: '/favicons/sunrise.svg',
  style: { primary: { 500: '#0F766E' } },
  timezone: 'America/New_York',
} as Organization;

export const HARBOR: Organization = {
  id: 2,
  name: 'Harbor Home Health',
  token: 'harbor',
  favicon: '/favicons/harbor.svg',
  style: { primary: { 500: '#1D4ED8' } },
  timezone: 'America/Chicago',
} as Organization;

let nextId = 100;

/** A user as the server answers it, with the permissions of src/domain for its role and status. */
export function makeUser(
  role: Role,
  overrides: Partial<Omit<User, 'profile'>> & { status?: ProfileStatus; formsDue?: number } = {},
): User {
  const { status, formsDue, ...rest } = overrides;
  const profile =
    role === 'ROLE_EMPLOYEE' ? { status: status ?? 'READY', position: 'RN', forms_due: formsDue ?? 0 } : null;
  return {
    id: nextId++,
    email: `${role.toLowerCase().replace('role_', '')}@sunrise.example`,
    first_name: 'Ana',
    last_name: 'Ortiz',
    role,
    timezone: 'America/New_York',
    permissions: permissionsFor(role, profile?.status),
    is_active: true,
    invitation_pending: false,
    last_login: '2026-03-02T14:05:00Z',
    phone: null,
    has_signature: false,
    organization: role === 'ROLE_MASTER' ? null : { id: SUNRISE.id, name: SUNRISE.name, token: SUNRISE.token },
    profile,
    ...rest,
  } as User;
}

/** Stubs of API operations by name; `never[]` takes a stub of any parameters. */
export type ApiStubs = Partial<Record<keyof ApiClient, (...args: never[]) => Promise<unknown>>>;

const emptyPage = { count: 0, next: null, previous: null, results: [] };

/** An API client whose operations are vi.fn() stubs (empty pages by default). */
export function stubApi(overrides: ApiStubs = {}) {
  const api = {
    notifications_list: vi.fn(async () => emptyPage),
    users_list: vi.fn(async () => emptyPage),
    users_create: vi.fn(),
    users_invitation_create: vi.fn(async () => undefined),
    users_partial_update: vi.fn(),
    dev_outbox_list: vi.fn(async () => emptyPage),
    password_texts_list: vi.fn(async () => ['At least 12 characters.', 'Not entirely numeric.']),
    auth_user_partial_update: vi.fn(),
    auth_password_change_create: vi.fn(async () => undefined),
    auth_signature_create: vi.fn(),
    auth_signature_retrieve: vi.fn(),
    auth_logout_create: vi.fn(async () => undefined),
    // hiring, onboarding, clients, referrals and visits: empty lists, so the shell can render any page without a
    // failure of its own
    applications_list: vi.fn(async () => emptyPage),
    employees_list: vi.fn(async () => emptyPage),
    onboarding_checklist_retrieve: vi.fn(async () => ({
      ready: false,
      missing: [],
      forms: [],
      documents: [],
      tests: [],
    })),
    profile_documents_list: vi.fn(async () => []),
    form_requests_list: vi.fn(async () => emptyPage),
    test_requests_list: vi.fn(async () => emptyPage),
    test_requests_awaiting_observation_count_retrieve: vi.fn(async () => ({ count: 0 })),
    form_templates_list: vi.fn(async () => []),
    note_types_list: vi.fn(async () => []),
    document_types_list: vi.fn(async () => []),
    competency_tests_list: vi.fn(async () => []),
    clients_list: vi.fn(async () => emptyPage),
    clients_welcome_retrieve: vi.fn(async () => ({
      client: null,
      relationship: null,
      upcoming_visits: [],
      past_visits: [],
      awaiting_signature: [],
    })),
    grievances_list: vi.fn(async () => emptyPage),
    referrals_list: vi.fn(async () => emptyPage),
    marketers_list: vi.fn(async () => ({ ...emptyPage, from: '2026-01-01', to: '2026-03-31' })),
    visits_list: vi.fn(async () => emptyPage),
    visits_board_retrieve: vi.fn(async () => ({
      by: 'caregiver',
      week_start: '2026-03-01',
      days: ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07'],
      timezone: 'America/New_York',
      count: 0,
      rows: [],
      open: [],
    })),
    visit_exceptions_list: vi.fn(async () => emptyPage),
    payroll_periods_list: vi.fn(async () => emptyPage),
    ...overrides,
  };
  return api as typeof api & ApiClient;
}

export interface RenderAppOptions<Api extends ApiClient> {
  path: string;
  /** The user the session reload answers; none: signed out. */
  user?: User | null;
  /** The API client (default: stubApi()); the render hands it back as given, stubs and all. */
  api?: Api;
  /** The organization in local storage (default Sunrise; null: none known). */
  storedOrganization?: Organization | null;
  organizations?: Organization[];
  /** Makes the API definition fail to load (an initialization error). */
  initError?: Error;
}

function LocationProbe() {
  const location = useLocation();
  return <output aria-label="Current path">{location.pathname}</output>;
}

let routerNavigate: ((to: string) => void) | null = null;

/** The signed-in tab's event stream, played by the test: `live.emit('notification.created', {...})`. */
export interface LiveStreamStub {
  /** Whether the app holds a stream open (signed in). */
  readonly open: boolean;
  /** How many times the app has connected (a reconnect counts). */
  readonly connections: number;
  /** Delivers an event as the server's stream would (ids count up from 1). */
  emit(type: string, data: unknown): void;
}

function liveStreamStub() {
  let sendBack: ((report: EventStreamReport) => void) | null = null;
  let lastId = 0;
  let connections = 0;
  const stub: LiveStreamStub = {
    get open() {
      return sendBack !== null;
    },
    get connections() {
      return connections;
    },
    emit(type, data) {
      if (!sendBack) throw new Error('no live stream is open');
      if (!isLiveEventType(type)) throw new Error(`no live event is named ${type}`);
      // the wire is untyped: a test may send data the map does not name, as a server could
      sendBack({ type: 'stream.event', event: { id: ++lastId, type, data } as LiveEvent });
    },
  };
  const eventStream = fromCallback<EventStreamReport, EventStreamInput>(({ sendBack: report }) => {
    sendBack = report;
    connections++;
    report({ type: 'stream.open' });
    return () => {
      if (sendBack === report) sendBack = null;
    };
  });
  return { stub, eventStream };
}

function CaptureNavigate() {
  const navigate = useNavigate();
  useEffect(() => {
    routerNavigate = (to) => navigate(to);
  }, [navigate]);
  return null;
}

/**
 * The whole shell (AppShell) in a MemoryRouter with the real root machine, whose edges are stubbed: the
 * status file says online, the API client is `api`, the session reload answers `user`.
 */
export function renderApp<Api extends ApiClient = ReturnType<typeof stubApi>>({
  path,
  user = null,
  api = stubApi() as Api,
  storedOrganization = SUNRISE,
  organizations = [SUNRISE, HARBOR],
  initError,
}: RenderAppOptions<Api>) {
  const onInitError = vi.fn();
  const live = liveStreamStub();
  const machine = appMachine.provide({
    actions: { reportInitError: (_, { error }) => onInitError(error) },
    actors: {
      portalAvailability: portalAvailabilityMachine.provide({
        actors: {
          fetchPortalStatus: fromPromise<PortalStatus>(async () => ({
            offline: false,
            offline_from: null,
            offline_until: null,
          })),
        },
      }),
      loadApiClient: fromPromise<ApiClient>(async () => {
        if (initError) throw initError;
        return api;
      }),
      session: sessionMachine.provide({
        actors: {
          reloadSession: fromPromise(async () => {
            if (!user) throw new Error('no session');
            return user;
          }),
          logIn: fromPromise<SessionAnswer, Credentials>(async () => {
            throw new Error('not in these tests');
          }),
          logOut: fromPromise(async () => {
            await api.auth_logout_create(null, {});
          }),
          keepAlive: fromPromise(async () => api.auth_user_retrieve() as Promise<User>),
          activityListener: fromCallback(() => {}),
          storageListener: fromCallback(() => {}),
          liveEvents: liveEventsMachine.provide({ actors: { eventStream: live.eventStream } }),
        },
      }),
      organization: organizationMachine.provide({
        actors: {
          retrieveOrganization: fromPromise(async ({ input }) => {
            const found = organizations.find((candidate) => candidate.token === input.token);
            if (!found) throw Object.assign(new Error('Not found'), { response: { status: 404 } });
            return found;
          }),
          listOrganizations: fromPromise(async () => organizations),
          unloadListener: fromCallback(() => {}),
        },
        actions: {
          storeOrganization: () => {},
          navigate: (_, { to }) => routerNavigate?.(to),
        },
      }),
    },
  });
  const actor = createActor(machine, {
    input: { refreshToken: user ? 'R1' : null, storedOrganization, routeToken: null },
  }).start();
  const result = render(
    <AppActorProvider actor={actor}>
      <MemoryRouter initialEntries={[path]}>
        <CaptureNavigate />
        <AppShell />
        <LocationProbe />
      </MemoryRouter>
    </AppActorProvider>,
  );
  return { ...result, actor, api, onInitError, live: live.stub };
}

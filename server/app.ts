import { createRequire } from 'node:module';
import path from 'node:path';
import Fastify, { LogController, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { resolveJwtSecret, type Config } from './config';
import type { Db } from './db/connection';
import { deriveKeys } from './lib/keys';
import { safeLoggerOptions } from './lib/safe-error';
import { moveLegacySignatures } from './lib/signature-files';
import { validatorCompiler } from './lib/validator';
import { auditPlugin } from './plugins/audit';
import { compressionPlugin } from './plugins/compression';
import { authenticationPlugin } from './plugins/authentication';
import { authorizationPlugin } from './plugins/authorization';
import { errorsPlugin, frameworkErrors } from './plugins/errors';
import { openapiPlugin } from './plugins/openapi';
import { organizationPlugin } from './plugins/organization';
import { rateLimitPlugin } from './plugins/rate-limit';
import { securityHeadersPlugin } from './plugins/security-headers';
import { sendIndex, staticPlugin, wantsSpa } from './plugins/static';
import { statusFilePlugin } from './plugins/status-file';
import { mailPlugin } from './modules/mail/plugin';
import { createInProcessBus } from './modules/events/bus';
import { createPostgresBus } from './modules/events/postgres-bus';
import { redactLinkTokens } from './modules/auth/password-tokens';
import type { ConsolePrinter } from './modules/mail/service';
import authRoutes from './modules/auth/routes';
import organizationRoutes from './modules/organizations/routes';
import userRoutes from './modules/users/routes';
import notificationRoutes from './modules/notifications/routes';
import devRoutes from './modules/dev/routes';
import applicationRoutes from './modules/applications/routes';
import employeeRoutes from './modules/employees/routes';
import documentRoutes from './modules/documents/routes';
import onboardingRoutes from './modules/onboarding/routes';
import clientRoutes from './modules/clients/routes';
import referralRoutes from './modules/referrals/routes';
import marketerRoutes from './modules/marketers/routes';
import grievanceRoutes from './modules/grievances/routes';
import visitRoutes from './modules/visits/routes';
import payrollRoutes from './modules/payroll/routes';
import workServiceReviewRoutes from './modules/work-service-reviews/routes';
import auditLogRoutes from './modules/audit-log/routes';
import conversationRoutes from './modules/conversations/routes';
import eventRoutes from './modules/events/routes';
import './types';

export interface BuildAppOptions {
  config: Config;
  db: Db;
  /** The clock every time-dependent decision reads (tests inject one to move time). */
  now?: () => Date;
  /** Where the built SPA lives (default ./dist); served only when it holds index.html. */
  distDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** Console-mail mode (no SMTP_URL): where each mail is printed whole (default: standard output). */
  mailConsole?: ConsolePrinter;
  /**
   * The PostgreSQL the db talks to (default: config.databaseUrl): live events then go through LISTEN/NOTIFY
   * so every process hears them. null: the embedded database, the in-process bus.
   */
  databaseUrl?: string | null;
}

/**
 * Fastify builds the validator and the response serializer of every route while it starts, which was most
 * of the server's start-up CPU; most routes are not called in a process's first seconds. Each is compiled on
 * its route's first use instead (once, then kept: never per request), by the same compilers.
 */
function onFirstUse<F extends (...args: never[]) => unknown>(compile: () => F): F {
  let compiled: F | null = null;
  return ((...args: Parameters<F>) => (compiled ??= compile())(...args)) as F;
}

/** The serializer builder Fastify uses by default (fast-json-stringify), loaded from where Fastify finds it. */
type SerializerBuilder = (externalSchemas: unknown, options: unknown) => (route: unknown) => (data: unknown) => string;
const fastifySerializerBuilder = (): SerializerBuilder => {
  const fastifyRequire = createRequire(createRequire(import.meta.url).resolve('fastify'));
  const { SerializerSelector } = fastifyRequire('@fastify/fast-json-stringify-compiler') as {
    SerializerSelector: () => SerializerBuilder;
  };
  return SerializerSelector();
};

/**
 * Route modules, each `server/modules/<name>/routes.ts` default-exporting a Fastify plugin whose routes use
 * their full /api/... paths, registered in this order.
 */
export const ROUTE_MODULES = [
  authRoutes,
  organizationRoutes,
  userRoutes,
  notificationRoutes,
  devRoutes,
  applicationRoutes,
  employeeRoutes,
  documentRoutes,
  onboardingRoutes,
  clientRoutes,
  referralRoutes,
  marketerRoutes,
  grievanceRoutes,
  visitRoutes,
  payrollRoutes,
  workServiceReviewRoutes,
  auditLogRoutes,
  conversationRoutes,
  eventRoutes,
];

/** A URL's query as its names only (`?search=…&created_after=…`): a search is a client's name, a filter a date of birth. */
function withoutQueryValues(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const names = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const name = pair.includes('=') ? pair.slice(0, pair.indexOf('=')) : pair;
      return `${/^[\w.[\]-]{1,64}$/.test(name) ? name : '…'}${pair.includes('=') ? '=…' : ''}`;
    });
  return `${url.slice(0, start)}?${names.join('&')}`.slice(0, 1000);
}

function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: withoutQueryValues(redactLinkTokens(request.url)),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export async function buildApp(options: BuildAppOptions) {
  const { config } = options;
  const logger = options.logger ?? { level: config.logLevel };
  const serverOptions: FastifyServerOptions = {
    // a request line never holds the token of a sign-up or reset link a person is following; an error is
    // logged as its type, codes and stack, never with a request's values (server/lib/safe-error.ts)
    logger:
      typeof logger === 'object' || logger === true
        ? safeLoggerOptions({
            ...(logger === true ? {} : logger),
            serializers: { req: requestForLog, ...(logger === true ? {} : logger.serializers) },
          })
        : logger,
    // A log line per request costs more CPU than the request itself on a fast route: kept for LOG_LEVEL=debug
    // or trace; errors are always logged by the error handler.
    logController: new LogController({ disableRequestLogging: !['debug', 'trace'].includes(config.logLevel) }),
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { maxParamLength: 300 },
    frameworkErrors,
    schemaController: {
      compilersFactory: {
        buildSerializer: (externalSchemas: unknown, options: unknown) => {
          const compile = fastifySerializerBuilder()(externalSchemas, options);
          return (route: unknown) => onFirstUse(() => compile(route));
        },
      },
    },
  };
  const app = Fastify(serverOptions).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler((route) => onFirstUse(() => validatorCompiler(route)));

  app.decorate('config', config);
  app.decorate('db', options.db);
  app.decorate('now', options.now ?? (() => new Date()));
  app.decorate('keys', deriveKeys(resolveJwtSecret(config)));
  const databaseUrl = options.databaseUrl !== undefined ? options.databaseUrl : config.databaseUrl;
  app.decorate('events', databaseUrl ? await createPostgresBus(app, databaseUrl) : createInProcessBus(app));
  app.addHook('onClose', async () => app.events.close());

  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(compressionPlugin);
  await app.register(openapiPlugin);
  await app.register(auditPlugin);
  await app.register(mailPlugin, { print: options.mailConsole });
  await app.register(authenticationPlugin);
  await app.register(organizationPlugin);
  await app.register(authorizationPlugin);
  await app.register(rateLimitPlugin);
  await app.register(statusFilePlugin);
  await app.register(staticPlugin, { distDir: options.distDir ?? path.resolve('dist') });

  for (const routes of ROUTE_MODULES) await app.register(routes);

  // signatures kept as data URLs before migration 0010 become files before the first request
  app.addHook('onReady', async () => {
    const moved = await moveLegacySignatures(app);
    if (moved) app.log.info({ moved }, 'signatures moved into files');
  });

  app.setNotFoundHandler((request, reply) => {
    if (app.spaIndexAvailable && wantsSpa(request)) return sendIndex(reply);
    return reply.status(404).send({ detail: 'Not found.', code: 'not_found' });
  });

  return app;
}

export type AppInstance = Awaited<ReturnType<typeof buildApp>>;

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { actorOf } from '../../lib/actor';
import { sendStoredFile } from '../../lib/stored-files';
import { serializeUser } from '../../lib/user-record';
import { bearerToken } from '../../plugins/authentication';
import { ORGANIZATION_HEADER } from '../../plugins/organization';
import { PASSWORD_TEXTS } from './password-rules';
import * as schemas from './schemas';
import { createAuthService, type Visitor } from './service';

/** What the public routes' services read of the request: nobody is signed in, so there is no actor. */
function visitorOf(request: FastifyRequest): Visitor {
  const header = request.headers[ORGANIZATION_HEADER];
  return {
    organization: request.organization,
    // a missing header falls back to the email's one account; one naming no organization finds none
    namesUnknownOrganization: !request.organization && typeof header === 'string' && header.trim() !== '',
    ip: request.ip,
    cookies: request.headers.cookie,
    secure: request.protocol === 'https',
    log: request.log,
    audit: (entry) => request.audit(entry),
  };
}

const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const auth = createAuthService(app);
  const isPublic = { access: { public: true as const } };

  app.post(
    '/api/auth/login/',
    { schema: schemas.loginSchema, config: { ...isPublic, rateLimit: 'login' } },
    async (request, reply) => {
      const { deviceCookie, ...answer } = await auth.login(
        visitorOf(request),
        request.body.email,
        request.body.password,
      );
      void reply.header('set-cookie', deviceCookie);
      return answer;
    },
  );

  app.post('/api/auth/token/refresh/', { schema: schemas.refreshSchema, config: isPublic }, async (request) =>
    auth.refresh(request.body.refresh),
  );

  app.post('/api/auth/logout/', { schema: schemas.logoutSchema, config: isPublic }, async (request, reply) => {
    await auth.logout(visitorOf(request), request.body.refresh, bearerToken(request));
    return reply.status(204).send(null);
  });

  app.get(
    '/api/auth/user/',
    { schema: schemas.userRetrieveSchema, config: { access: { permission: 'view-profile', duringFormsDue: true } } },
    async (request) => serializeUser(request.user!),
  );

  app.patch(
    '/api/auth/user/',
    { schema: schemas.userUpdateSchema, config: { access: { permission: 'edit-profile' } } },
    async (request) => auth.updateProfile(actorOf(request), request.body),
  );

  app.post(
    '/api/auth/password/change/',
    { schema: schemas.passwordChangeSchema, config: { access: { permission: 'change-password' } } },
    async (request, reply) => {
      await auth.changePassword(
        actorOf(request),
        request.sessionFamilyId,
        request.body.current_password,
        request.body.new_password,
      );
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/auth/signature/',
    { schema: schemas.signatureSchema, config: { access: { permission: 'change-signature' } } },
    async (request) => auth.saveSignature(actorOf(request), request.body.signature),
  );

  app.get(
    '/api/auth/signature/',
    { schema: schemas.signatureRetrieveSchema, config: { access: { permission: 'change-signature' } } },
    async (request, reply) => sendStoredFile(app, reply, await auth.signature(actorOf(request))),
  );

  app.get(
    '/api/auth/password-texts/',
    { schema: schemas.passwordTextsSchema, config: isPublic },
    async () => PASSWORD_TEXTS,
  );

  app.post(
    '/api/auth/password/reset/',
    { schema: schemas.passwordResetSchema, config: { ...isPublic, rateLimit: 'password-reset' } },
    async (request, reply) => {
      await auth.requestPasswordReset(visitorOf(request), request.body.email);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/auth/password/reset/confirm/',
    { schema: schemas.passwordResetConfirmSchema, config: { ...isPublic, rateLimit: 'link-confirm' } },
    async (request, reply) => {
      await auth.confirmPasswordReset(
        visitorOf(request),
        request.body.uid,
        request.body.token,
        request.body.new_password,
      );
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/auth/sign-up/confirm/',
    { schema: schemas.signUpConfirmSchema, config: { ...isPublic, rateLimit: 'link-confirm' } },
    async (request) =>
      auth.confirmSignUp(visitorOf(request), request.body.uid, request.body.token, request.body.password),
  );
};

export default authRoutes;

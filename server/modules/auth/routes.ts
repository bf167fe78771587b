import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { serializeUser } from '../../lib/user-record';
import { PASSWORD_TEXTS } from './password-rules';
import * as schemas from './schemas';
import { createAuthService } from './service';

const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const auth = createAuthService(app);
  const isPublic = { access: { public: true as const } };

  app.post(
    '/api/auth/login/',
    { schema: schemas.loginSchema, config: { ...isPublic, rateLimit: 'login' } },
    async (request, reply) => {
      const { deviceCookie, ...answer } = await auth.login(request, request.body.email, request.body.password);
      void reply.header('set-cookie', deviceCookie);
      return answer;
    },
  );

  app.post('/api/auth/token/refresh/', { schema: schemas.refreshSchema, config: isPublic }, async (request) =>
    auth.refresh(request, request.body.refresh),
  );

  app.post('/api/auth/logout/', { schema: schemas.logoutSchema, config: isPublic }, async (request, reply) => {
    await auth.logout(request, request.body.refresh);
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
    async (request) => auth.updateProfile(request, request.body),
  );

  app.post(
    '/api/auth/password/change/',
    { schema: schemas.passwordChangeSchema, config: { access: { permission: 'change-password' } } },
    async (request, reply) => {
      await auth.changePassword(request, request.body.current_password, request.body.new_password);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/auth/signature/',
    { schema: schemas.signatureSchema, config: { access: { permission: 'change-signature' } } },
    async (request) => auth.saveSignature(request, request.body.signature),
  );

  app.get(
    '/api/auth/signature/',
    { schema: schemas.signatureRetrieveSchema, config: { access: { permission: 'change-signature' } } },
    async (request, reply) => auth.sendSignature(request, reply),
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
      await auth.requestPasswordReset(request, request.body.email);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/auth/password/reset/confirm/',
    { schema: schemas.passwordResetConfirmSchema, config: { ...isPublic, rateLimit: 'link-confirm' } },
    async (request, reply) => {
      await auth.confirmPasswordReset(request, request.body.uid, request.body.token, request.body.new_password);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/auth/sign-up/confirm/',
    { schema: schemas.signUpConfirmSchema, config: { ...isPublic, rateLimit: 'link-confirm' } },
    async (request) => auth.confirmSignUp(request, request.body.uid, request.body.token, request.body.password),
  );
};

export default authRoutes;

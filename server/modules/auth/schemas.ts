import { Type } from '@fastify/type-provider-typebox';
import { authenticatedErrors, errorResponses, FileDownload, NoContent } from '../../schemas/common';
import { UserSchema } from '../../schemas/user';
import { MAX_PASSWORD_LENGTH } from './password-rules';

const Email = Type.String({ format: 'email', minLength: 3, maxLength: 254 });
const Password = Type.String({ minLength: 1, maxLength: MAX_PASSWORD_LENGTH });
const OpaqueToken = Type.String({ minLength: 1, maxLength: 512 });

export const TokenPair = Type.Object(
  { access: Type.String(), refresh: Type.String() },
  { description: 'A new access token and the rotated refresh token (the one sent is spent)' },
);
export const SessionAnswer = Type.Object(
  { access: Type.String(), refresh: Type.String(), user: UserSchema },
  { title: 'Session' },
);

const tags = ['auth'];

export const loginSchema = {
  operationId: 'auth_login_create',
  description:
    'Checks the email and password in the organization named by X-ORGANIZATION-TOKEN (without it, the email’s one account, or a master’s) and answers the access token (a JWT valid 5 minutes), the refresh token (opaque, single use) and the user. A wrong email and a wrong password answer the same 401. Failures are throttled per account and per address (429 with Retry-After). Sets a device cookie so that failures from elsewhere never lock this device out.',
  tags,
  summary: 'Sign in with email and password',
  body: Type.Object({ email: Type.String({ minLength: 1, maxLength: 254 }), password: Password }),
  response: { 200: SessionAnswer, ...errorResponses(400, 401, 429) },
};

export const refreshSchema = {
  operationId: 'auth_token_refresh_create',
  description:
    'Spends the refresh token and answers a new access token and its successor. Reusing a refresh token already spent revokes its whole session (except a concurrent duplicate within a short grace window, which gets the same successor). Refresh tokens also expire after the idle timeout and the absolute session lifetime: then 401, and the person signs in again.',
  tags,
  summary: 'Exchange a refresh token for a new access token and a rotated refresh token',
  body: Type.Object({ refresh: OpaqueToken }),
  response: { 200: TokenPair, ...errorResponses(400, 401) },
};

export const logoutSchema = {
  operationId: 'auth_logout_create',
  description:
    'Revokes the session (the refresh family) of the refresh token sent and of the bearer access token, when either is given; an expired or forged token revokes nothing. Login and logout never trigger a token refresh.',
  tags,
  summary: 'End the session (the refresh family of the given refresh or access token)',
  body: Type.Object({ refresh: Type.Optional(Type.String({ maxLength: 512 })) }),
  response: { 204: NoContent, ...errorResponses(400) },
};

export const userRetrieveSchema = {
  operationId: 'auth_user_retrieve',
  description:
    'Answers the signed-in user: name, role, time zone, the permissions the server derives from role and profile status, the organization, and an employee’s profile (status NEW or READY, forms due). Clients call it after signing in or refreshing to decide what to show.',
  tags,
  summary: 'The signed-in user',
  response: { 200: UserSchema, ...authenticatedErrors() },
};

export const userUpdateSchema = {
  operationId: 'auth_user_partial_update',
  description:
    'Changes one’s own first name, last name, time zone or phone; send only the fields to change. Email and role cannot be changed here.',
  tags,
  summary: 'Edit one’s own profile',
  body: Type.Object({
    first_name: Type.Optional(Type.String({ minLength: 1, maxLength: 150 })),
    last_name: Type.Optional(Type.String({ minLength: 1, maxLength: 150 })),
    timezone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    phone: Type.Optional(Type.Union([Type.String({ maxLength: 32, pattern: '^[0-9+() .-]*$' }), Type.Null()])),
  }),
  response: { 200: UserSchema, ...authenticatedErrors() },
};

export const passwordChangeSchema = {
  operationId: 'auth_password_change_create',
  description:
    'Changes the signed-in person’s password: the current one is required, and the new one must satisfy the password rules (password_texts_list), else 400 naming new_password. Every other session of the person ends. Wrong current passwords are throttled (429).',
  tags,
  summary: 'Change one’s password (the other sessions end)',
  body: Type.Object({ current_password: Password, new_password: Password }),
  response: { 204: NoContent, ...authenticatedErrors(429) },
};

export const signatureSchema = {
  operationId: 'auth_signature_create',
  description:
    'Saves the signed-in person’s drawn signature, sent as a PNG data URL; it is used to sign forms and reviews. Answers the user, with has_signature true.',
  tags,
  summary: 'Save one’s drawn signature (PNG data URL)',
  body: Type.Object({
    signature: Type.String({ maxLength: 1_000_000, pattern: '^data:image/png;base64,[A-Za-z0-9+/]+={0,2}$' }),
  }),
  response: { 200: UserSchema, ...authenticatedErrors() },
};

export const signatureRetrieveSchema = {
  operationId: 'auth_signature_retrieve',
  description: 'Answers the signed-in person’s saved signature as a PNG file (404 when none is saved yet).',
  tags,
  summary: 'One’s saved signature (PNG)',
  produces: ['image/png'],
  response: { 200: FileDownload, ...authenticatedErrors(404) },
};

export const passwordTextsSchema = {
  operationId: 'password_texts_list',
  description:
    'Answers the password rules, one sentence each, as the sign-up, reset and change-password pages show them; the server enforces the same rules with the same wording.',
  tags,
  summary: 'The password rules, as shown to people and enforced by the server',
  response: {
    200: Type.Array(Type.String(), { description: 'The rules, one sentence each, in the order to show them' }),
    // answered by Node's HTTP parser, before any route: no other 4xx is possible here
    '4xx': Type.Null({
      'x-response-description':
        'The request is not valid HTTP (a header holding a NUL, headers over 16 KB…): 400 or 431, without a body',
    }),
  },
};

export const passwordResetSchema = {
  operationId: 'auth_password_reset_create',
  description:
    'Mails a single-use, expiring reset link to the account with this email (in the organization of X-ORGANIZATION-TOKEN when sent). Answers 204 whether or not the email is known, and sends nothing for an unknown one, so it reveals no account. Rate limited per email and address (429).',
  tags,
  summary: 'Mail a password reset link (answers the same whether or not the email is known)',
  body: Type.Object({ email: Email }),
  response: { 204: NoContent, ...errorResponses(400) },
};

export const passwordResetConfirmSchema = {
  operationId: 'auth_password_reset_confirm_create',
  description:
    'Sets a new password with the uid and token of a reset link; the new password must satisfy the password rules. The link works once and only while the password it was made for is unchanged. Every session of the account ends; the person then signs in.',
  tags,
  summary: 'Set a new password with the uid and token of a reset link (every session ends)',
  body: Type.Object({ uid: OpaqueToken, token: OpaqueToken, new_password: Password }),
  response: { 204: NoContent, ...errorResponses(400) },
};

export const signUpConfirmSchema = {
  operationId: 'auth_signup_confirm_create',
  description:
    'Ends an invitation: sets the invited person’s password with the uid and token of their sign-up link (single use, expiring) and signs them in, answering the same as auth_login_create.',
  tags,
  summary: 'Finish an invitation: set the password with the uid and token of the sign-up link, and sign in',
  body: Type.Object({ uid: OpaqueToken, token: OpaqueToken, password: Password }),
  response: { 200: SessionAnswer, ...errorResponses(400) },
};

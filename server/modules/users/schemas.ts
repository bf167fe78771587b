import { Type } from '@fastify/type-provider-typebox';
import { authenticatedErrors, IdParams, NoContent, Paged, PagingQuery } from '../../schemas/common';
import { PersonName } from '../../schemas/fields';
import { OrganizationUserSchema } from '../../schemas/user';

/** The roles an organization's users may hold; the master role is never given through the API. */
export const ORGANIZATION_ROLES = ['ROLE_ADMIN', 'ROLE_EMPLOYEE', 'ROLE_CLIENT', 'ROLE_MARKETER'] as const;
export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];

const OrganizationRole = Type.Enum([...ORGANIZATION_ROLES], {
  description: 'ROLE_ADMIN, ROLE_EMPLOYEE, ROLE_CLIENT or ROLE_MARKETER',
});

export const USER_ORDERINGS = [
  'last_name',
  '-last_name',
  'first_name',
  '-first_name',
  'email',
  '-email',
  'created_at',
  '-created_at',
] as const;
export type UserOrdering = (typeof USER_ORDERINGS)[number];

const tags = ['users'];

export const userListSchema = {
  operationId: 'users_list',
  description:
    'Lists the users of the organization with their role and state, paged. Search matches names and email; filter by role and active state; order by name, email or creation.',
  tags,
  summary: "The organization's users",
  querystring: Type.Object({
    search: Type.Optional(
      Type.String({
        maxLength: 200,
        description: 'Words matched (case-insensitively) against first name, last name and email',
      }),
    ),
    role: Type.Optional(OrganizationRole),
    is_active: Type.Optional(Type.Boolean()),
    ordering: Type.Optional(Type.Enum([...USER_ORDERINGS], { default: 'last_name' })),
    ...PagingQuery,
  }),
  response: { 200: Paged(OrganizationUserSchema), ...authenticatedErrors() },
};

export const userRetrieveSchema = {
  operationId: 'users_retrieve',
  description: 'Answers one user of the organization (404 for a user of another organization).',
  tags,
  summary: 'One user of the organization',
  params: IdParams,
  response: { 200: OrganizationUserSchema, ...authenticatedErrors(404) },
};

export const userCreateSchema = {
  operationId: 'users_create',
  description:
    'Creates a user of the organization with the given role and mails them a sign-up link (auth_signup_confirm_create finishes it). The master role cannot be given here, and emails in other organizations are never revealed. 502 when the mail could not be sent.',
  tags,
  summary: 'Invite a user to the organization: mails a sign-up link',
  body: Type.Object({
    email: Type.String({ format: 'email', minLength: 3, maxLength: 254 }),
    first_name: PersonName,
    last_name: PersonName,
    role: OrganizationRole,
  }),
  response: { 201: OrganizationUserSchema, ...authenticatedErrors(502) },
};

export const userInvitationSchema = {
  operationId: 'users_invitation_create',
  description:
    'Mails the sign-up link again to a user whose invitation is still pending (400 already_signed_up once they have signed up). 502 when the mail could not be sent.',
  tags,
  summary: 'Send the sign-up mail again (only while the invitation is pending)',
  params: IdParams,
  response: { 204: NoContent, ...authenticatedErrors(404, 502) },
};

export const userUpdateSchema = {
  operationId: 'users_partial_update',
  description:
    'Changes a user’s role, or deactivates (is_active false) or reactivates them; send only the fields to change. Deactivation ends every session of the user at once; one cannot deactivate one’s own account (400 naming is_active).',
  tags,
  summary: 'Deactivate, reactivate or change the role of a user (deactivation ends every session)',
  params: IdParams,
  body: Type.Object({
    is_active: Type.Optional(Type.Boolean()),
    role: Type.Optional(OrganizationRole),
  }),
  response: { 200: OrganizationUserSchema, ...authenticatedErrors(404) },
};

import { Type } from '@fastify/type-provider-typebox';
import { AUTHENTICATED_ERRORS, errorResponses, Id, NoContent, Paged, PagingQuery } from '../../schemas/common';
import { UserSchema } from '../../schemas/user';

/** The roles an organization's users may hold; the master role is never given through the API. */
export const ORGANIZATION_ROLES = ['ROLE_ADMIN', 'ROLE_EMPLOYEE', 'ROLE_CLIENT', 'ROLE_MARKETER'] as const;
export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];

const OrganizationRole = Type.Enum([...ORGANIZATION_ROLES], { description: 'ROLE_ADMIN, ROLE_EMPLOYEE, ROLE_CLIENT or ROLE_MARKETER' });

export const USER_ORDERINGS = ['last_name', '-last_name', 'first_name', '-first_name', 'email', '-email', 'created_at', '-created_at'] as const;
export type UserOrdering = (typeof USER_ORDERINGS)[number];

const UserParams = Type.Object({ id: Id });
const Name = Type.String({ minLength: 1, maxLength: 150 });

const tags = ['users'];
const errors = (...more: number[]) => errorResponses(...AUTHENTICATED_ERRORS, ...more);

export const userListSchema = {
  operationId: 'users_list',
  tags,
  summary: "The organization's users",
  querystring: Type.Object({
    search: Type.Optional(Type.String({ maxLength: 200, description: 'Words matched (case-insensitively) against first name, last name and email' })),
    role: Type.Optional(OrganizationRole),
    is_active: Type.Optional(Type.Boolean()),
    ordering: Type.Optional(Type.Enum([...USER_ORDERINGS], { default: 'last_name' })),
    ...PagingQuery,
  }),
  response: { 200: Paged(UserSchema), ...errors() },
};

export const userRetrieveSchema = {
  operationId: 'users_retrieve',
  tags,
  summary: 'One user of the organization',
  params: UserParams,
  response: { 200: UserSchema, ...errors(404) },
};

export const userCreateSchema = {
  operationId: 'users_create',
  tags,
  summary: 'Invite a user to the organization: mails a sign-up link',
  body: Type.Object({
    email: Type.String({ format: 'email', minLength: 3, maxLength: 254 }),
    first_name: Name,
    last_name: Name,
    role: OrganizationRole,
  }),
  response: { 201: UserSchema, ...errors(502) },
};

export const userInvitationSchema = {
  operationId: 'users_invitation_create',
  tags,
  summary: 'Send the sign-up mail again (only while the invitation is pending)',
  params: UserParams,
  response: { 204: NoContent, ...errors(404, 502) },
};

export const userUpdateSchema = {
  operationId: 'users_partial_update',
  tags,
  summary: 'Deactivate, reactivate or change the role of a user (deactivation ends every session)',
  params: UserParams,
  body: Type.Object({
    is_active: Type.Optional(Type.Boolean()),
    role: Type.Optional(OrganizationRole),
  }),
  response: { 200: UserSchema, ...errors(404) },
};

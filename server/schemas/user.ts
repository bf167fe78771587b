import { Type, type Static } from '@fastify/type-provider-typebox';
import { Nullable } from './fields';

/**
 * A string or null as one type list, not an anyOf: the response serializer (fast-json-stringify) picks an
 * anyOf's branch by validating the value against each at every answer (a date-time's format by regular
 * expression), which was a third of a user's serialization.
 */
const NullableString = (options: { format?: 'date-time' } = {}) =>
  Type.Unsafe<string | null>({ type: ['string', 'null'], ...options });

export const OrganizationRefSchema = Type.Object(
  { id: Type.Integer(), name: Type.String(), token: Type.String() },
  { title: 'UserOrganization' },
);

export const ProfileSchema = Type.Object(
  {
    status: Type.Union([Type.Literal('NEW'), Type.Literal('READY')]),
    position: NullableString(),
    forms_due: Type.Integer(),
  },
  { title: 'UserProfile' },
);

const userFields = {
  id: Type.Integer(),
  email: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  role: Type.String(),
  timezone: Type.String(),
  is_active: Type.Boolean(),
  invitation_pending: Type.Boolean(),
  last_login: NullableString({ format: 'date-time' }),
  phone: NullableString(),
  /** Whether a drawn signature is saved; the signed-in person reads their own at auth_signature_retrieve. */
  has_signature: Type.Boolean(),
  organization: Nullable(OrganizationRefSchema),
  profile: Nullable(ProfileSchema),
};

/**
 * A user of the organization as the office sees them (users_list, users_retrieve, users_create,
 * users_partial_update): without the permissions, which are the signed-in person's (spec 3) and follow from
 * role and profile status (src/domain/permissions.ts) for anyone who needs another person's.
 */
export const OrganizationUserSchema = Type.Object(userFields, { title: 'OrganizationUser' });

/** The signed-in User of the contract (spec 3): the same fields and the permissions derived from role and profile status. */
export const UserSchema = Type.Object({ ...userFields, permissions: Type.Array(Type.String()) }, { title: 'User' });

export type UserOut = Static<typeof UserSchema>;
export type OrganizationUserOut = Static<typeof OrganizationUserSchema>;

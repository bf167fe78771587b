import { Type, type Static } from '@fastify/type-provider-typebox';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const OrganizationRefSchema = Type.Object({ id: Type.Integer(), name: Type.String(), token: Type.String() });

export const ProfileSchema = Type.Object({
  status: Type.Union([Type.Literal('NEW'), Type.Literal('READY')]),
  position: Nullable(Type.String()),
  forms_due: Type.Integer(),
});

/** The User of the contract. */
export const UserSchema = Type.Object(
  {
    id: Type.Integer(),
    email: Type.String(),
    first_name: Type.String(),
    last_name: Type.String(),
    role: Type.String(),
    timezone: Type.String(),
    permissions: Type.Array(Type.String()),
    is_active: Type.Boolean(),
    invitation_pending: Type.Boolean(),
    last_login: Nullable(Type.String({ format: 'date-time' })),
    phone: Nullable(Type.String()),
    /** Whether a drawn signature is saved; the signed-in person reads their own at auth_signature_retrieve. */
    has_signature: Type.Boolean(),
    organization: Nullable(OrganizationRefSchema),
    profile: Nullable(ProfileSchema),
  },
  { title: 'User' },
);

export type UserOut = Static<typeof UserSchema>;

import { Type, type Static } from '@fastify/type-provider-typebox';
import { authenticatedErrors, errorResponses, Paged, PagingQuery } from '../../schemas/common';

const Palette = Type.Record(Type.String(), Type.String(), {
  description: "Shades by step: { '50': '#..', ..., '900': '#..' }",
});

/** The Organization of the contract. */
export const OrganizationSchema = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    token: Type.String(),
    favicon: Type.Union([Type.String(), Type.Null()]),
    style: Type.Record(Type.String(), Palette, {
      description: 'Palettes by colour name, overriding the default grey theme',
    }),
    timezone: Type.String(),
  },
  { title: 'Organization' },
);

export type OrganizationOut = Static<typeof OrganizationSchema>;

const tags = ['organizations'];

export const organizationRetrieveSchema = {
  operationId: 'organizations_retrieve',
  description:
    'Answers an organization’s name, token, favicon, colour palette and time zone, looked up by numeric id or by token (`sunrise`). No sign-in needed: the login, apply-now and password pages are branded with it.',
  tags,
  summary: 'An organization by numeric id or by token (public: the sign-in pages are branded)',
  params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 200, description: 'Numeric id or token' }) }),
  response: { 200: OrganizationSchema, ...errorResponses(400, 404) },
};

export const organizationListSchema = {
  operationId: 'organizations_list',
  description:
    'Lists every organization of the installation, paged, for a master choosing which organization to act in (sent afterwards as X-ORGANIZATION-TOKEN).',
  tags,
  summary: 'Every organization (master)',
  querystring: Type.Object(PagingQuery),
  response: { 200: Paged(OrganizationSchema), ...authenticatedErrors() },
};

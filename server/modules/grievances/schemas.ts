import { Type, type Static } from '@fastify/type-provider-typebox';
import { GRIEVANCE_CATEGORIES, GRIEVANCE_STATES } from '../../../src/domain/clients';
import { AUTHENTICATED_ERRORS, CodeOf, errorResponses, Paged, PagingQuery, Timestamp } from '../../schemas/common';

const tags = ['grievances'];
const errors = (...more: number[]) => errorResponses(...AUTHENTICATED_ERRORS, ...more);

export const GrievanceSchema = Type.Object(
  {
    id: Type.Integer(),
    category: CodeOf(GRIEVANCE_CATEGORIES),
    description: Type.String(),
    state: CodeOf(GRIEVANCE_STATES),
    created_at: Timestamp,
  },
  { title: 'Grievance' },
);
export type GrievanceOut = Static<typeof GrievanceSchema>;

export const grievanceListSchema = {
  operationId: 'grievances_list',
  tags,
  summary: 'The concerns the signed-in person filed, newest first, with their state',
  querystring: Type.Object({ ...PagingQuery }),
  response: { 200: Paged(GrievanceSchema), ...errors() },
};

export const grievanceCreateSchema = {
  operationId: 'grievances_create',
  tags,
  summary: 'Report a concern (a grievance, state Received); a client’s concerns the client record they belong to',
  body: Type.Object({
    category: CodeOf(GRIEVANCE_CATEGORIES),
    description: Type.String({ minLength: 1, maxLength: 5000 }),
  }),
  response: { 201: GrievanceSchema, ...errors() },
};

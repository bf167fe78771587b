import type { OperationParams, RequestBody, ResponseData } from './types';

/*
 * The clients shapes, from the server's document (src/api/generated.d.ts): the answers of the operations
 * the client pages call, by operationId.
 */

export type ClientSummary = ResponseData<'clients_list'>['results'][number];
export type Client = ResponseData<'clients_retrieve'>;
export type ClientService = Client['services'][number];
export type Authorization = ClientService['authorizations'][number];
export type PortalUser = Client['portal_users'][number];
export type AccessEntry = ResponseData<'clients_access_history_list'>['results'][number];
export type Welcome = ResponseData<'clients_welcome_retrieve'>;
export type WelcomeVisit = Welcome['upcoming_visits'][number];
export type Grievance = ResponseData<'grievances_list'>['results'][number];

export type ClientOrdering = NonNullable<OperationParams<'clients_list'>['ordering']>;

/** What the client's form sends (create; every field of an edit is optional). */
export type ClientFields = Omit<RequestBody<'clients_create'>, 'type' | 'status' | 'services'>;

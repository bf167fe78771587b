import type { ApiClient } from './client';
import type { RequestBody, ResponseData } from './types';
import type { AuthorizationUnit, ClientRelationship, ClientStatus, DischargeReason, Payer, ServiceCode, ServiceStatus } from '../domain/clients';
import type { ClientType } from '../domain/labels';
import type { Page } from './hiring';

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

export type ClientOrdering = 'last_name' | '-last_name' | 'created_at' | '-created_at' | 'status' | '-status';

/** What the client's form sends (create; every field of an edit is optional). */
export interface ClientFields {
  first_name: string;
  last_name: string;
  date_of_birth: string;
  phone?: string;
  address?: string;
  city?: string;
  state?: string;
  postal_code?: string;
  preferred_language?: string;
  emergency_contact_name?: string;
  emergency_contact_phone?: string;
  emergency_contact_relationship?: string;
  notes?: string;
  payer?: Payer | null;
  member_id?: string | null;
  physician_name?: string | null;
  physician_npi?: string | null;
  diagnosis_code?: string | null;
  diagnosis_description?: string | null;
  certification_start?: string | null;
  certification_end?: string | null;
}

type Id = { id: number | string };
type ListQuery = { limit?: number; offset?: number };

/** The clients operations these pages call, with their parameters, bodies and answers. */
export interface ClientOperations {
  clients_list(params: ListQuery & { search?: string; type?: ClientType; status?: ClientStatus; ordering?: ClientOrdering }): Promise<Page<ClientSummary>>;
  // Hand-written: the document's services array (at most 20) comes out as a tuple.
  clients_create(params: null, body: ClientFields & { type: ClientType; status?: Exclude<ClientStatus, 'DISCHARGED'>; services?: ServiceCode[] }): Promise<Client>;
  clients_retrieve(params: Id): Promise<Client>;
  clients_partial_update(
    params: Id,
    body: Partial<ClientFields> & { status?: ClientStatus; discharged_on?: string | null; discharge_reason?: DischargeReason | null; discharge_note?: string | null },
  ): Promise<Client>;
  clients_services_create(params: Id, body: { service: ServiceCode; status?: ServiceStatus }): Promise<ClientService>;
  clients_services_partial_update(params: Id & { service_id: number }, body: { status: ServiceStatus }): Promise<ClientService>;
  clients_authorizations_create(
    params: Id,
    body: { service_id: number; unit: AuthorizationUnit; amount: number; starts_on: string; ends_on: string; reference?: string },
  ): Promise<Authorization>;
  clients_invitation_create(params: Id, body: { email: string; first_name: string; last_name: string; relationship: ClientRelationship }): Promise<PortalUser>;
  clients_access_history_list(params: Id & ListQuery): Promise<Page<AccessEntry>>;
  clients_welcome_retrieve(): Promise<Welcome>;
  grievances_list(params: ListQuery): Promise<Page<Grievance>>;
  grievances_create(params: null, body: RequestBody<'grievances_create'>): Promise<ResponseData<'grievances_create'>>;
}

/** The one API client, seen through the clients operations. */
export function clientsApi(api: ApiClient): ClientOperations {
  return api as unknown as ClientOperations;
}

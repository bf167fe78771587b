import type { OperationParams, RequestBody, ResponseData } from './types';
import { GRIEVANCE_CATEGORIES, GRIEVANCE_CHANNELS, GRIEVANCE_STATES, type GrievanceState } from '../domain/grievances';

/*
 * The grievance shapes, from the server's document (src/api/generated.d.ts): the answers of the operations the
 * grievance pages call, by operationId.
 */

export type GrievanceSummary = ResponseData<'grievances_list'>['results'][number];
export type Grievance = ResponseData<'grievances_retrieve'>;
export type GrievanceEvent = Grievance['events'][number];
export type ReprisalChange = NonNullable<Grievance['reprisal_watch']>['changes'][number];
export type GrievanceListQuery = OperationParams<'grievances_list'>;
/** A family member the complainant may share with (names only), and whether it is shared with them. */
export type GrievanceFamilyMember = ResponseData<'grievances_shares_list'>[number];
export type GrievanceBody = RequestBody<'grievances_create'>;

export const GRIEVANCES_PAGE_SIZE = 20;

export const categoryLabel = (category: string) =>
  GRIEVANCE_CATEGORIES[category as keyof typeof GRIEVANCE_CATEGORIES] ?? category;
export const stateLabel = (state: string) => GRIEVANCE_STATES[state as GrievanceState] ?? state;
export const channelLabel = (channel: string) =>
  GRIEVANCE_CHANNELS[channel as keyof typeof GRIEVANCE_CHANNELS] ?? channel;

/** Where a grievance opens: the office's desk (under /clients), a client's home, or an employee's /grievances. */
export type GrievanceViewer = 'office' | 'client' | 'employee';
export function grievancePath(viewer: GrievanceViewer, id: number): string {
  if (viewer === 'office') return `/clients/grievances/${id}`;
  if (viewer === 'client') return `/clients/welcome/concerns/${id}`;
  return `/grievances/${id}`;
}
export const grievancesHome = (viewer: GrievanceViewer) =>
  viewer === 'office' ? '/clients/grievances' : viewer === 'client' ? '/clients/welcome' : '/grievances';

/** Whole days since the grievance was filed, in words ("under a day", "1 day", "12 days"). */
export function ageText(createdAt: string, now = Date.now()): string {
  const days = Math.floor((now - Date.parse(createdAt)) / 86_400_000);
  if (days <= 0) return 'under a day';
  return days === 1 ? '1 day' : `${days} days`;
}

/** A step of the trail in words. */
export function eventTitle(event: GrievanceEvent): string {
  if (event.kind === 'FILED') return 'Received';
  if (event.kind === 'NOTE') return event.internal ? 'Internal note' : 'Note';
  return event.to_state ? stateLabel(event.to_state) : 'Moved';
}

/** The words of an audit row of the reprisal watch ("Visit 12 changed: status, caregiver id"). */
export function changeText(change: ReprisalChange): string {
  const what =
    change.entity === 'visit'
      ? 'Visit'
      : change.entity === 'user'
        ? 'Account'
        : change.entity === 'employee'
          ? 'Employee record'
          : change.entity;
  const verb = change.action === 'CREATE' ? 'booked' : change.action === 'DELETE' ? 'removed' : 'changed';
  const label =
    change.entity === 'visit' && change.action === 'CREATE'
      ? `${what} ${change.entity_id ?? ''} booked`
      : `${what} ${change.entity_id ?? ''} ${verb}`;
  const fields = change.fields.map((field) => field.replace(/_/g, ' '));
  return fields.length ? `${label.replace(/\s+/g, ' ')}: ${fields.join(', ')}` : label.replace(/\s+/g, ' ');
}

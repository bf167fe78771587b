import { useContext, useEffect, useMemo } from 'react';
import { UNSAFE_LocationContext, UNSAFE_NavigationContext } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import type { Organization } from '../api/types';
import type { OrganizationActorRef } from '../machines/organization-machine';
import { organizationTokenFromPath, registerNavigate, selectOrganizationRef, useAppActor } from './app-actor';

type OrganizationSnapshot = ReturnType<OrganizationActorRef['getSnapshot']>;

export const selectOrganization = (snapshot: OrganizationSnapshot | undefined) =>
  snapshot?.context.organization ?? null;
export const selectOrganizations = (snapshot: OrganizationSnapshot | undefined) =>
  snapshot?.context.organizations ?? NO_ORGANIZATIONS;
export const selectIsOrganizationLoading = (snapshot: OrganizationSnapshot | undefined) =>
  snapshot?.matches({ current: 'loading' }) ?? false;

const NO_ORGANIZATIONS: Organization[] = [];

const noOrganizationActor = {
  getSnapshot: () => undefined,
  subscribe: () => ({ unsubscribe() {} }),
} as unknown as OrganizationActorRef;

export interface OrganizationState {
  organization: Organization | null;
  /** The master's list (empty for everyone else). */
  organizations: Organization[];
  /** Stores the organization and goes to /. */
  selectOrganization(organization: Organization): void;
}

/**
 * The current organization. Inside the router it follows the `:org` of public routes (`/login/:org`, ...)
 * and lends the router's navigation to the organization actor.
 */
export function useOrganization(): OrganizationState {
  const organizationRef = useSelector(useAppActor(), selectOrganizationRef);
  const actor = organizationRef ?? noOrganizationActor;
  const organization = useSelector(actor, selectOrganization);
  const organizations = useSelector(actor, selectOrganizations);

  const location = useContext(UNSAFE_LocationContext)?.location ?? null;
  const navigator = useContext(UNSAFE_NavigationContext)?.navigator ?? null;
  const routeToken = location ? organizationTokenFromPath(location.pathname) : null;

  useEffect(() => {
    if (routeToken) organizationRef?.send({ type: 'org.routeChanged', token: routeToken });
  }, [organizationRef, routeToken]);

  useEffect(() => {
    if (!navigator) return;
    return registerNavigate((to) => navigator.push(to));
  }, [navigator]);

  return useMemo(
    () => ({
      organization,
      organizations,
      selectOrganization: (next: Organization) => organizationRef?.send({ type: 'org.select', organization: next }),
    }),
    [organization, organizations, organizationRef],
  );
}

/** Whether the current organization is being looked up (organizations_retrieve in flight). */
export function useIsOrganizationLoading(): boolean {
  const organizationRef = useSelector(useAppActor(), selectOrganizationRef);
  return useSelector(organizationRef ?? noOrganizationActor, selectIsOrganizationLoading);
}

/** The current organization's time zone, in which a person's dates are counted (the device's own until it loads). */
export function useOrganizationTimeZone(): string {
  const { organization } = useOrganization();
  return organization?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

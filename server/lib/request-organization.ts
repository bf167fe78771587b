import { ApiError } from './api-error';
import type { RequestOrganization } from '../types';

/**
 * The organization an organization-scoped route acts in. Non-masters always have one (their own, resolved
 * by plugins/organization.ts); a master has one only when X-ORGANIZATION-TOKEN names it.
 */
export function requireOrganization(request: {
  readonly organization: RequestOrganization | null;
}): RequestOrganization {
  if (request.organization) return request.organization;
  throw new ApiError(400, 'organization_required', 'Choose an organization: send its token in X-ORGANIZATION-TOKEN.', {
    'X-ORGANIZATION-TOKEN': ['This header is required.'],
  });
}

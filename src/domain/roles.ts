export const ROLES = ['ROLE_ADMIN', 'ROLE_EMPLOYEE', 'ROLE_CLIENT', 'ROLE_MARKETER', 'ROLE_MASTER'] as const;
export type Role = (typeof ROLES)[number];

/** Labels shown to people; the master role deliberately has none. */
export const ROLE_LABELS: Partial<Record<Role, string>> = {
  ROLE_ADMIN: 'Admin',
  ROLE_EMPLOYEE: 'Employee',
  ROLE_CLIENT: 'Client',
  ROLE_MARKETER: 'Marketer',
};

export const PROFILE_STATUSES = ['NEW', 'READY'] as const;
export type ProfileStatus = (typeof PROFILE_STATUSES)[number];

export const PROFILE_STATUS_LABELS: Record<ProfileStatus, string> = {
  NEW: 'New',
  READY: 'Ready to hire',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

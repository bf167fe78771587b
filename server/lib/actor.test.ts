import type { FastifyRequest } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { permissionsFor } from '#domain/permissions';
import type { ProfileStatus, Role } from '#domain/roles';
import type { AuthenticatedUser, RequestOrganization } from '../types';
import { actorOf, createActor, OFFICE } from './actor';

const organization: RequestOrganization = { id: 7, name: 'Sunrise', token: 'sunrise', timezone: 'America/New_York' };

function signedIn(role: Role, status: ProfileStatus | null = null): AuthenticatedUser {
  return {
    user: { id: 3, role } as AuthenticatedUser['user'],
    organization,
    profile: status ? { status, position: null, formsDue: 0 } : null,
    permissions: permissionsFor(role, status),
  };
}

function requestOf(user: AuthenticatedUser) {
  return { organization: null, audit: vi.fn(async () => {}), user } as unknown as FastifyRequest & {
    audit: ReturnType<typeof vi.fn>;
  };
}

describe('the actor', () => {
  it('answers can() from the permission table, so the office is the admin and the master alone', () => {
    const office = (['ROLE_ADMIN', 'ROLE_MASTER', 'ROLE_EMPLOYEE', 'ROLE_CLIENT', 'ROLE_MARKETER'] as const).filter(
      (role) => {
        const user = signedIn(role, role === 'ROLE_EMPLOYEE' ? 'READY' : null);
        return createActor(requestOf(user), user).can(OFFICE);
      },
    );
    expect(office).toEqual(['ROLE_ADMIN', 'ROLE_MASTER']);
    const employee = signedIn('ROLE_EMPLOYEE', 'NEW');
    expect(createActor(requestOf(employee), employee).can('view-workschedules')).toBe(false);
  });

  it('names the kind of person for the rules the table cannot state', () => {
    const client = signedIn('ROLE_CLIENT');
    const actor = createActor(requestOf(client), client);
    expect(actor.is('client')).toBe(true);
    expect(actor.is('employee')).toBe(false);
  });

  it('reads the organization when asked: the organization plugin resolves it after the actor is made', () => {
    const user = signedIn('ROLE_MASTER');
    const request = requestOf(user);
    const actor = createActor(request, user);
    expect(actor.organization).toBeNull();
    request.organization = organization;
    expect(actor.organization).toBe(organization);
  });

  it('writes the audit through the request, and actorOf refuses a request nobody is signed in on', async () => {
    const user = signedIn('ROLE_ADMIN');
    const request = requestOf(user);
    await createActor(request, user).audit({ entity: 'visit', action: 'READ' });
    expect(request.audit).toHaveBeenCalledWith({ entity: 'visit', action: 'READ' });
    expect(() => actorOf({ actor: null } as FastifyRequest)).toThrow(/Authentication credentials/);
  });
});

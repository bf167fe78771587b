import { asc, eq, sql } from 'drizzle-orm';
import type { Static } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { files, organizations, sessionFamilies, users } from '../../db/schema';
import { fileStorageOf } from '../../lib/file-storage';
import { requireSignature, withSignatureFile } from '../../lib/signature-files';
import type { Actor } from '../../lib/actor';
import { requireFile, type FileRow } from '../../lib/stored-files';
import { ApiError, invalid, throttled } from '../../lib/api-error';
import { CURRENT_HASH_PREFIX, dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/password-hash';
import { loadAccountByEmail, loadUserRecord, serializeUser, userById, type UserRecord } from '../../lib/user-record';
import type { UserOut } from '../../schemas/user';
import { verifyAccessToken } from '../../lib/access-token';
import type { AuditEntry } from '../../plugins/audit';
import { digest } from '../../plugins/rate-limit';
import type { RequestOrganization } from '../../types';
import { deviceCookieHeader, trustedDevice } from './device-cookie';
import { LoginThrottle } from './login-throttle';
import { passwordProblems } from './password-rules';
import type { userUpdateSchema } from './schemas';
import { checkPasswordToken, createPasswordResetLink, decodeUid, type TokenPurpose } from './password-tokens';
import {
  parseRefreshToken,
  refreshSession,
  revokeFamily,
  revokeUserSessions,
  startSession,
  type SessionTokens,
} from './sessions';

const LOGIN_FAILED = () =>
  new ApiError(401, 'authentication_failed', 'No active account found with the given credentials');
const LINK_INVALID = 'The link is invalid or has expired.';

/** Keys of the throttle table: a digest of what was typed, which may be a password typed into the email field. */
const accountKey = (email: string, organizationId: number | null) =>
  `account:${organizationId ?? 'none'}:${digest(email)}`;
const addressKey = (ip: string) => `address:${ip}`;

export type ProfileChanges = Static<typeof userUpdateSchema.body>;

/**
 * Who calls a public route (sign-in, sign-out, the password links): nobody is signed in, so instead of an actor
 * the service takes what it reads of the request, which stays in the route (routes.ts, `visitorOf`).
 */
export interface Visitor {
  /** The organization of the page, when its header names one that exists. */
  readonly organization: RequestOrganization | null;
  /** The header names an organization that does not exist: that page has no accounts. */
  readonly namesUnknownOrganization: boolean;
  readonly ip: string;
  /** The request's Cookie header, where a device cookie may be. */
  readonly cookies: string | undefined;
  readonly secure: boolean;
  readonly log: FastifyBaseLogger;
  audit(entry: AuditEntry): Promise<void>;
}

export function createAuthService(app: FastifyInstance) {
  const throttle = new LoginThrottle(app.db, app.config.loginThrottleWindowSeconds);

  async function reload(userId: number): Promise<UserOut> {
    const record = await loadUserRecord(app.db, userById(userId));
    if (!record) throw new ApiError(404, 'not_found', 'Not found.');
    return serializeUser(record);
  }

  async function requirePasswordRules(field: string, password: string, user: UserRecord['user']) {
    const problems = await passwordProblems(password, user);
    if (problems.length) throw invalid({ [field]: problems });
  }

  async function setPassword(userId: number, password: string, extra: Partial<typeof users.$inferInsert> = {}) {
    const now = app.now();
    await app.db
      .update(users)
      .set({
        passwordHash: await hashPassword(password),
        passwordChangedAt: now,
        securityStamp: sql`${users.securityStamp} + 1`,
        ...extra,
      })
      .where(eq(users.id, userId));
  }

  /** A link's use, written as its owner's act: nobody is signed in when a reset or sign-up link is used. */
  function auditOwnersAct(visitor: Visitor, user: UserRecord['user'], event: string): Promise<void> {
    return visitor.audit({
      entity: 'user',
      entityId: user.id,
      actorId: user.id,
      organizationId: user.organizationId,
      changed: { event },
    });
  }

  /** The user behind a link's uid and token, or a 400 naming the token. */
  async function userOfLink(purpose: TokenPurpose, uid: string, token: string): Promise<UserRecord> {
    const id = decodeUid(uid);
    const record = id ? await loadUserRecord(app.db, userById(id)) : null;
    const fits =
      record &&
      record.user.isActive &&
      (purpose === 'signup' ? record.user.passwordHash === null : true) &&
      checkPasswordToken(
        app.keys.passwordToken,
        purpose,
        record.user,
        token,
        app.now(),
        app.config.passwordTokenSeconds,
      );
    if (!fits) throw invalid({ token: [LINK_INVALID] }, LINK_INVALID);
    return record;
  }

  return {
    /**
     * Unknown email, wrong password, inactive account and pending invitation all answer the same 401 after
     * the same work (a real or a dummy Argon2 verification); every attempt is audited and counted.
     */
    async login(
      visitor: Visitor,
      email: string,
      password: string,
    ): Promise<SessionTokens & { user: UserOut; deviceCookie: string }> {
      const now = app.now();
      const organizationId = visitor.organization?.id ?? null;
      const record = visitor.namesUnknownOrganization ? null : await loadAccountByEmail(app.db, email, organizationId);
      // A device that signed in to this account before is counted on its own cookie, so failures from
      // elsewhere never lock its owner out; any other attempt is counted for the account from this address,
      // for the address, and for the account from everywhere (which holds back every device without a cookie).
      const device = record ? trustedDevice(visitor.cookies, app.keys.device, record.user.id) : null;
      const rules = device
        ? [{ key: `device:${device}`, limit: app.config.loginThrottleAccount }]
        : [
            {
              key: `${accountKey(email, organizationId)}:${addressKey(visitor.ip)}`,
              limit: app.config.loginThrottleAccount,
            },
            { key: addressKey(visitor.ip), limit: app.config.loginThrottleAddress },
            { key: accountKey(email, organizationId), limit: app.config.loginThrottleAccountSpread },
          ];
      const wait = await throttle.retryAfter(rules, now);
      const auditBase = {
        entity: 'session',
        entityId: record?.user.id ?? null,
        actorId: record?.user.id ?? null,
        organizationId: record?.user.organizationId ?? null,
      };
      // the account by its email when it is one; otherwise the text is not kept (it may be a password)
      const account = record ? { email: record.user.email } : { account: 'unknown' };
      if (wait > 0) {
        await visitor.audit({
          ...auditBase,
          action: 'SIGN_IN_FAILED',
          changed: { event: 'login', outcome: 'throttled', ...account },
        });
        throw throttled(wait);
      }
      const storedHash = record?.user.passwordHash ?? null;
      const verified = await verifyPassword(storedHash ?? (await dummyPasswordHash()), password);
      if (!record || !storedHash || !verified || !record.user.isActive) {
        await throttle.recordFailure(
          rules.map((rule) => rule.key),
          now,
        );
        await visitor.audit({
          ...auditBase,
          action: 'SIGN_IN_FAILED',
          changed: { event: 'login', outcome: 'failure', ...account },
        });
        throw LOGIN_FAILED();
      }
      await throttle.reset(rules[0].key);
      const update: Partial<typeof users.$inferInsert> = { lastLogin: now };
      if (!storedHash.startsWith(CURRENT_HASH_PREFIX)) update.passwordHash = await hashPassword(password);
      await app.db.update(users).set(update).where(eq(users.id, record.user.id));
      const tokens = await startSession(app, record.user);
      await visitor.audit({
        ...auditBase,
        action: 'SIGN_IN',
        changed: { event: 'login', outcome: 'success', email: record.user.email },
      });
      return {
        ...tokens,
        user: await reload(record.user.id),
        deviceCookie: deviceCookieHeader(visitor.secure, app.keys.device, record.user.id, device ?? undefined),
      };
    },

    async refresh(token: string): Promise<SessionTokens> {
      const { access, refresh } = await refreshSession(app, token);
      return { access, refresh };
    },

    /** Revokes the family named by the refresh token and/or the access token; quiet when neither is valid. */
    async logout(visitor: Visitor, refresh: string | undefined, access: string | null): Promise<void> {
      const now = app.now();
      const families = new Set<string>();
      if (refresh) {
        const parsed = parseRefreshToken(app.keys.refresh, refresh);
        if (parsed) families.add(parsed.familyId);
      }
      if (access) {
        try {
          families.add((await verifyAccessToken(access, app.keys.access, app.config, now)).familyId);
        } catch {
          // an expired or forged access token revokes nothing
        }
      }
      for (const familyId of families) {
        await revokeFamily(app.db, familyId, 'logout', now);
        // the route is public: the row names the session's owner, whoever holds the token
        const [owner] = await app.db
          .select({ userId: sessionFamilies.userId, organizationId: sessionFamilies.organizationId })
          .from(sessionFamilies)
          .where(eq(sessionFamilies.id, familyId))
          .limit(1);
        await visitor.audit({
          entity: 'session',
          entityId: familyId,
          changed: { event: 'logout' },
          ...(owner ? { actorId: owner.userId, organizationId: owner.organizationId } : {}),
        });
        // the session's open event streams end at once, in every process
        if (owner)
          await app.events.publish([
            {
              userId: owner.userId,
              organizationId: owner.organizationId,
              type: 'session.ended',
              data: { family_id: familyId },
            },
          ]);
      }
    },

    async updateProfile(actor: Actor, changes: ProfileChanges): Promise<UserOut> {
      if (changes.timezone !== undefined && !isTimeZone(changes.timezone))
        throw invalid({ timezone: ['Not a valid time zone.'] });
      const set: Partial<typeof users.$inferInsert> = {};
      if (changes.first_name !== undefined) set.firstName = changes.first_name.trim();
      if (changes.last_name !== undefined) set.lastName = changes.last_name.trim();
      if (changes.timezone !== undefined) set.timezone = changes.timezone;
      if (changes.phone !== undefined)
        set.phone = changes.phone === null || changes.phone.trim() === '' ? null : changes.phone.trim();
      if (Object.keys(set).length) {
        await app.db.update(users).set(set).where(eq(users.id, actor.user.id));
        await actor.audit({ entity: 'user', entityId: actor.user.id, changed: changes });
      }
      return reload(actor.user.id);
    },

    /** `sessionFamilyId`: the session that changes the password stays signed in (the request's, not the actor's). */
    async changePassword(
      actor: Actor,
      sessionFamilyId: string | null,
      currentPassword: string,
      newPassword: string,
    ): Promise<void> {
      const now = app.now();
      const key = accountKey(actor.user.email, actor.user.organizationId);
      const wait = await throttle.retryAfter([{ key, limit: app.config.loginThrottleAccount }], now);
      if (wait > 0) throw throttled(wait);
      if (!actor.user.passwordHash || !(await verifyPassword(actor.user.passwordHash, currentPassword))) {
        await throttle.recordFailure([key], now);
        throw invalid({ current_password: ['Your current password is incorrect.'] });
      }
      await requirePasswordRules('new_password', newPassword, actor.user);
      await setPassword(actor.user.id, newPassword);
      await revokeUserSessions(app, actor.user.id, 'password-change', now, { exceptFamilyId: sessionFamilyId });
      await actor.audit({ entity: 'user', entityId: actor.user.id, changed: { event: 'password-change' } });
    },

    /** Saves a new signature file; the one it replaces is deleted, row and bytes. */
    async saveSignature(actor: Actor, signature: string): Promise<UserOut> {
      const { user } = actor;
      const png = await requireSignature(signature);
      const replaced = await withSignatureFile(
        app,
        png,
        { organizationId: user.organizationId, createdById: user.id },
        (saveSignature) =>
          app.db.transaction(async (tx) => {
            const file = await saveSignature(tx);
            const [before] = await tx
              .select({ fileId: users.signatureFileId })
              .from(users)
              .where(eq(users.id, user.id))
              .for('update');
            await tx.update(users).set({ signatureFileId: file.id }).where(eq(users.id, user.id));
            if (!before?.fileId) return null;
            const [old] = await tx
              .delete(files)
              .where(eq(files.id, before.fileId))
              .returning({ storageKey: files.storageKey });
            return old ?? null;
          }),
      );
      if (replaced)
        await fileStorageOf(app)
          .remove(replaced.storageKey)
          .catch((error: unknown) => app.log.warn({ err: error }, 'replaced signature not removed'));
      await actor.audit({ entity: 'user', entityId: user.id, changed: { signature: `PNG, ${png.length} bytes` } });
      return reload(user.id);
    },

    /** The signed-in user's signature file, for the route to send. */
    async signature(actor: Actor): Promise<FileRow> {
      const { user } = actor; // read from the database with this request
      return requireFile(app, user.signatureFileId, user.organizationId, 'You have not saved a signature yet.');
    },

    /**
     * Always the same answer after the same work (one read, one audit row), known email or not; the link is
     * made and mailed in the background, only to an active account. The volume is bounded by the route's
     * rate limit (per email, address and organization).
     */
    async requestPasswordReset(visitor: Visitor, email: string): Promise<void> {
      const record = visitor.namesUnknownOrganization
        ? null
        : await loadAccountByEmail(app.db, email, visitor.organization?.id ?? null);
      const known = record !== null && record.user.isActive ? record : null;
      await visitor.audit({
        entity: 'user',
        entityId: known?.user.id ?? null,
        actorId: null,
        organizationId: known ? known.user.organizationId : (visitor.organization?.id ?? null),
        changed: known ? { event: 'password-reset-request' } : { event: 'password-reset-request', account: 'unknown' },
      });
      // after the answer has gone: making and mailing the link must not lengthen a known email's answer
      if (known) setImmediate(() => void mailPasswordReset(visitor, known));
    },

    async confirmPasswordReset(visitor: Visitor, uid: string, token: string, newPassword: string): Promise<void> {
      const record = await userOfLink('reset', uid, token);
      await requirePasswordRules('new_password', newPassword, record.user);
      await setPassword(record.user.id, newPassword);
      await revokeUserSessions(app, record.user.id, 'password-reset', app.now());
      await throttle.reset(accountKey(record.user.email, record.user.organizationId));
      await auditOwnersAct(visitor, record.user, 'password-reset');
    },

    async confirmSignUp(
      visitor: Visitor,
      uid: string,
      token: string,
      password: string,
    ): Promise<SessionTokens & { user: UserOut }> {
      const record = await userOfLink('signup', uid, token);
      await requirePasswordRules('password', password, record.user);
      await setPassword(record.user.id, password, { lastLogin: app.now() });
      const tokens = await startSession(app, record.user);
      await auditOwnersAct(visitor, record.user, 'sign-up');
      return { ...tokens, user: await reload(record.user.id) };
    },
  };

  async function mailPasswordReset(visitor: Visitor, record: UserRecord): Promise<void> {
    try {
      const organizationToken =
        record.organization?.token ?? visitor.organization?.token ?? (await firstOrganizationToken());
      const link = createPasswordResetLink(app, record.user, organizationToken);
      await app.mail.send({
        to: record.user.email,
        subject: 'Reset your Care Portal password',
        text:
          `Hello ${record.user.firstName || record.user.email},\n\n` +
          `Someone asked to reset the password of your Care Portal account. To choose a new password, open:\n\n${link}\n\n` +
          `The link works once and expires in ${Math.round(app.config.passwordTokenSeconds / 86400)} days. ` +
          `If you did not ask for this, ignore this mail; your password stays as it is.\n`,
        organizationId: record.user.organizationId,
      });
    } catch (error) {
      visitor.log.error({ err: error }, 'password reset mail failed');
    }
  }

  async function firstOrganizationToken(): Promise<string> {
    const [row] = await app.db
      .select({ token: organizations.token })
      .from(organizations)
      .orderBy(asc(organizations.id))
      .limit(1);
    return row?.token ?? 'portal';
  }
}

export type AuthService = ReturnType<typeof createAuthService>;

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

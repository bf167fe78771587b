import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { users } from '../../db/schema';
import { ApiError } from '../../lib/api-error';
import type { RequestOrganization } from '../../types';

/**
 * Stateless one-time tokens for password reset and sign-up links (as Django's PasswordResetTokenGenerator):
 * an HMAC over the purpose, user id, current password hash, last sign-in, email, security stamp and a timestamp.
 * Setting the password (or signing in) changes what the HMAC covers, so a token works once; deactivation,
 * reactivation and a role change move the stamp, so no earlier link comes back to life; the timestamp makes it expire.
 */
export type TokenPurpose = 'reset' | 'signup';
type UserRow = typeof users.$inferSelect;
/** What a link's token is made of: it stops working once any of these change. */
export type TokenUser = Pick<UserRow, 'id' | 'email' | 'passwordHash' | 'lastLogin' | 'securityStamp'>;

function mac(key: Buffer, purpose: TokenPurpose, user: TokenUser, timestamp: string): string {
  const material = [
    purpose,
    user.id,
    user.passwordHash ?? '',
    user.lastLogin?.getTime() ?? '',
    user.email.toLowerCase(),
    user.securityStamp,
    timestamp,
  ].join('|');
  return createHmac('sha256', key).update(material).digest('base64url').slice(0, 32);
}

export function makePasswordToken(key: Buffer, purpose: TokenPurpose, user: TokenUser, now: Date): string {
  const timestamp = Math.floor(now.getTime() / 1000).toString(36);
  return `${timestamp}-${mac(key, purpose, user, timestamp)}`;
}

export function checkPasswordToken(
  key: Buffer,
  purpose: TokenPurpose,
  user: TokenUser,
  token: string,
  now: Date,
  validitySeconds: number,
): boolean {
  const match = /^([0-9a-z]{1,10})-([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return false;
  const issued = parseInt(match[1], 36);
  const age = Math.floor(now.getTime() / 1000) - issued;
  if (!Number.isFinite(issued) || age < -60 || age > validitySeconds) return false;
  const expected = Buffer.from(mac(key, purpose, user, match[1]));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export const encodeUid = (id: number) => Buffer.from(String(id)).toString('base64url');

export function decodeUid(uid: string): number | null {
  if (!/^[A-Za-z0-9_-]{1,16}$/.test(uid)) return null;
  const text = Buffer.from(uid, 'base64url').toString();
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= 2_147_483_647 ? id : null;
}

/**
 * Sign-up and reset links (`/sign-up/<uid>/<token>/<org>`, `/reset-password/...`) with the token replaced:
 * what anyone but the recipient may see of a mail, and what a log line may hold of a URL.
 */
export function redactLinkTokens(text: string): string {
  return text.replace(/\/(sign-up|reset-password)\/([^/\s]+)\/[^/\s?#]+/g, '/$1/$2/[redacted]');
}

function link(
  app: FastifyInstance,
  route: string,
  purpose: TokenPurpose,
  user: TokenUser,
  organizationToken: string,
): string {
  const token = makePasswordToken(app.keys.passwordToken, purpose, user, app.now());
  return `${app.config.publicUrl}/${route}/${encodeUid(user.id)}/${token}/${encodeURIComponent(organizationToken)}`;
}

/**
 * The link of an invitation mail: `${PUBLIC_URL}/sign-up/<uid>/<token>/<organization token>`. Valid while
 * the user has no password (PASSWORD_TOKEN_SECONDS, 3 days); POST /api/auth/sign-up/confirm/ consumes it.
 */
export function createSignUpLink(app: FastifyInstance, user: TokenUser, organizationToken: string): string {
  return link(app, 'sign-up', 'signup', user, organizationToken);
}

/** `${PUBLIC_URL}/reset-password/<uid>/<token>/<organization token>`. */
export function createPasswordResetLink(app: FastifyInstance, user: TokenUser, organizationToken: string): string {
  return link(app, 'reset-password', 'reset', user, organizationToken);
}

/** What a sign-up mail says around its link, and what the office is told when it cannot be sent. */
export interface SignUpMail {
  subject: string;
  text: (link: string, days: number) => string;
  failure: string;
}

/**
 * Mails the sign-up link (an invitation, a hire). A mail that cannot be sent is logged on the caller's logger
 * (the request's, so the line carries its id) and answers 502: the office resends it later.
 */
export async function mailSignUpLink(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  organization: RequestOrganization,
  user: TokenUser,
  mail: SignUpMail,
): Promise<void> {
  const link = createSignUpLink(app, user, organization.token);
  const days = Math.round(app.config.passwordTokenSeconds / 86_400);
  try {
    await app.mail.send({
      to: user.email,
      subject: mail.subject,
      text: mail.text(link, days),
      organizationId: organization.id,
    });
  } catch (error) {
    log.error({ err: error }, 'invitation mail failed');
    throw new ApiError(502, 'mail_failed', mail.failure);
  }
}

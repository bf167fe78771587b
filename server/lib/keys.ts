import { createHmac } from 'node:crypto';

/** Independent keys derived from the one configured secret, so no token kind can stand in for another. */
export interface Keys {
  access: Uint8Array;
  refresh: Buffer;
  passwordToken: Buffer;
  /** Signs the device cookies of sign-in (server/modules/auth/device-cookie.ts). */
  device: Buffer;
}

export function deriveKeys(secret: string): Keys {
  const derive = (purpose: string) => createHmac('sha256', secret).update(`care-portal:${purpose}`).digest();
  return {
    access: new Uint8Array(derive('access-token')),
    refresh: derive('refresh-token'),
    passwordToken: derive('password-token'),
    device: derive('device-cookie'),
  };
}

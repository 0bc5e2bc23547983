import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP as Totp } from 'otpauth';
import { TOTP, TOTP_ISSUER } from '../../domain/staff';

// Staff authenticators (RFC 6238 through `otpauth`) and their secrets sealed at rest with the server's STAFF_KEY
// (AES-256-GCM): a copy of the database alone opens no second factor.

const SEALED = /^v1\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/;

/** The AES key of STAFF_KEY's bytes, apart from any other use of the same bytes. */
function sealingKey(key: Buffer): Buffer {
  return createHash('sha256').update('staff-totp-secret:').update(key).digest();
}

export function sealSecret(key: Buffer, base32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(key), iv);
  const body = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return `v1.${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${body.toString('base64url')}`;
}

/** The secret a sealed value holds; throws when it was sealed with another key or changed. */
export function openSecret(key: Buffer, sealed: string): string {
  const parts = SEALED.exec(sealed);
  if (!parts) throw new Error('not a sealed staff secret');
  const [, iv = '', tag = '', body = ''] = parts;
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(key), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** A new authenticator secret (160 bits, base32 as apps take it). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(base32: string, email = ''): Totp {
  return new Totp({
    issuer: TOTP_ISSUER,
    label: email,
    algorithm: TOTP.algorithm,
    digits: TOTP.digits,
    period: TOTP.periodSeconds,
    secret: Secret.fromBase32(base32),
  });
}

/** The `otpauth://` URI an authenticator app enrols from (shown as a QR code and as text). */
export function otpauthUri(base32: string, email: string): string {
  return totpOf(base32, email).toString();
}

/** The code of a step (tests and the demo: what the app would show at `at`). */
export function totpCodeAt(base32: string, at: Date): string {
  return totpOf(base32).generate({ timestamp: at.getTime() });
}

/**
 * The 30-second step `code` belongs to at `now`, within one step either way, or null when it fits none. The caller
 * accepts it only when the step is later than the last one accepted, so each code is used once.
 */
export function codeStep(base32: string, code: string, now: Date): number | null {
  const delta = totpOf(base32).validate({ token: code, timestamp: now.getTime(), window: TOTP.window });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / TOTP.periodSeconds) + delta;
}

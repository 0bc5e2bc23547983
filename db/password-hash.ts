import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

// Stored as scrypt$N$r$p$<saltB64>$<hashB64> so the cost can be raised later without breaking old hashes.

/** scrypt's work factors: N (a power of two), r and p. */
export interface ScryptCost {
  n: number;
  r: number;
  p: number;
}

// OWASP's password storage parameters for scrypt (N=2^17, r=8, p=1): 128 MiB and about half a second a
// hash on a 2-core server. Hashes made with smaller parameters are upgraded at the customer's next login.
export const PRODUCTION_COST: ScryptCost = { n: 131_072, r: 8, p: 1 };
/** log2 of PRODUCTION_COST.n: the least `PASSWORD_HASH_COST` a production server accepts. */
export const PRODUCTION_LOG2_N = 17;

/** The cost of `PASSWORD_HASH_COST`: N = 2^log2N at OWASP's r and p. */
export function scryptCost(log2N: number): ScryptCost {
  return { ...PRODUCTION_COST, n: 2 ** log2N };
}
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;
// Bounds for parameters read back from storage, so a tampered row cannot ask for huge work.
const MAX_N = 1 << 18;
const MAX_R = 16;
const MAX_P = 4;

function derive(password: string, salt: Buffer, n: number, r: number, p: number, keyLength: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keyLength, { N: n, r, p, maxmem: 256 * n * r + 1024 * 1024 }, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

export async function hashPassword(
  password: string,
  cost: ScryptCost = PRODUCTION_COST,
  salt: Buffer = randomBytes(SALT_LENGTH),
): Promise<string> {
  const key = await derive(password, salt, cost.n, cost.r, cost.p, KEY_LENGTH);
  return `scrypt$${cost.n}$${cost.r}$${cost.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

function parsePositiveInt(text: string | undefined, max: number): number | null {
  if (!text || !/^\d{1,8}$/.test(text)) return null;
  const value = Number(text);
  return value >= 1 && value <= max ? value : null;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (typeof password !== 'string' || typeof stored !== 'string') return false;
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const n = parsePositiveInt(parts[1], MAX_N);
  const r = parsePositiveInt(parts[2], MAX_R);
  const p = parsePositiveInt(parts[3], MAX_P);
  const saltText = parts[4] ?? '';
  const hashText = parts[5] ?? '';
  if (n === null || r === null || p === null || n < 2 || (n & (n - 1)) !== 0) return false;
  if (!BASE64.test(saltText) || !BASE64.test(hashText)) return false;
  const salt = Buffer.from(saltText, 'base64');
  const expected = Buffer.from(hashText, 'base64');
  if (salt.length === 0 || expected.length < 16 || expected.length > 256) return false;
  try {
    const actual = await derive(password, salt, n, r, p, expected.length);
    return timingSafeEqual(actual, expected);
  } catch {
    return false;
  }
}

/** True when a stored hash was made with weaker parameters than `cost` (or is not ours at all). */
export function needsRehash(stored: string, cost: ScryptCost = PRODUCTION_COST): boolean {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return true;
  const [n, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  return n < cost.n || r < cost.r || p < cost.p;
}

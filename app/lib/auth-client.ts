import { LOGIN_MESSAGES } from '../../domain/identity-rules';
import type { LoginInput, RegistrationInput } from '../../domain/identity-schemas';

// The browser's client for SPEC §7 authentication calls. The success body is not read (SPEC §7).

export type AuthResult = { ok: true } | { ok: false; status: number; message: string };

async function post(path: string, body?: unknown): Promise<AuthResult> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, message: LOGIN_MESSAGES.generic };
  }
  if (res.ok) return { ok: true };
  // SPEC §8: on HTTP 500 (any 5xx) or a missing statusMessage show the generic text.
  let message = '';
  if (res.status < 500) {
    try {
      const data = (await res.json()) as { statusMessage?: unknown };
      if (typeof data.statusMessage === 'string') message = data.statusMessage.trim();
    } catch {
      message = '';
    }
  }
  return { ok: false, status: res.status, message: message || LOGIN_MESSAGES.generic };
}

export const authClient = {
  login: (input: LoginInput) => post('/api/authentication/login', input),
  logout: () => post('/api/authentication/logout'),
  register: (input: RegistrationInput) => post('/api/authentication/register', input),
};

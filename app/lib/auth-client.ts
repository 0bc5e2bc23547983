import { LOGIN_MESSAGES } from '../../domain/identity-rules';
import type { LoginInput, RegistrationInput } from '../../domain/identity-schemas';
import { requestApi } from './api-request';

// The browser's client for SPEC §7 authentication calls. The success body is not read (SPEC §7).

export type AuthResult = { ok: true } | { ok: false; status: number; message: string };

async function post(path: string, body?: unknown): Promise<AuthResult> {
  const reply = await requestApi<unknown>('POST', path, body);
  if (reply.ok) return { ok: true };
  // SPEC §8: on HTTP 500 (any 5xx), no answer or a missing statusMessage show the generic text.
  const statusMessage = reply.body?.statusMessage;
  const message = reply.status >= 500 || typeof statusMessage !== 'string' ? '' : statusMessage.trim();
  return { ok: false, status: reply.status, message: message || LOGIN_MESSAGES.generic };
}

export const authClient = {
  login: (input: LoginInput) => post('/api/authentication/login', input),
  logout: () => post('/api/authentication/logout'),
  register: (input: RegistrationInput) => post('/api/authentication/register', input),
  forgotPassword: (email: string) => post('/api/authentication/forgot-password', { email }),
};

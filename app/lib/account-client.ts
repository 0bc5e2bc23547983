import { ERROR_CODE_HEADER } from '../../http/error-status';
import { messageOf, requestApi, succeeded } from './api-request';

// The browser's typed client for the account calls it changes (SPEC §7).

/** A failure's `code` is its stable code (decision 033), which a form chooses the field by; null when none came. */
export type AccountResult<T> =
  | { ok: true; response: T }
  | { ok: false; status: number; message: string; code: string | null };

export const ACCOUNT_CALL_FAILED = 'Something went wrong. Please try again later.';

async function put<T>(path: string, body: unknown, method: 'PUT' | 'POST' = 'PUT'): Promise<AccountResult<T>> {
  const reply = await requestApi<T>(method, path, body);
  if (succeeded(reply)) return { ok: true, response: reply.body.response };
  const code = reply.headers?.get(ERROR_CODE_HEADER) ?? null;
  return { ok: false, status: reply.status, message: messageOf(reply) ?? ACCOUNT_CALL_FAILED, code };
}

export const accountClient = {
  setEmailOptIn: (emailFlag: boolean) =>
    put<{ emailOptIn: boolean }>('/api/user/preferences/contact', { optin: { emailFlag } }),
  resendVerification: () => put<{ message: string }>('/api/user/email/verification', {}, 'POST'),
  changePassword: (currentPassword: string, newPassword: string) =>
    put<{ message: string }>('/api/user/password', { currentPassword, newPassword }),
  submitReview: (itemCode: string, review: { rating: number; title: string; body: string }) =>
    put<{ status: string; message: string }>(`/api/user/reviews/${encodeURIComponent(itemCode)}`, review),
};

// The browser's typed client for the account calls it changes (SPEC §7): same-origin JSON with cookies.

export type AccountResult<T> = { ok: true; response: T } | { ok: false; status: number; message: string };

export const ACCOUNT_CALL_FAILED = 'Something went wrong. Please try again later.';

async function put<T>(path: string, body: unknown): Promise<AccountResult<T>> {
  try {
    const res = await fetch(path, {
      method: 'PUT',
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const data = (await res.json().catch(() => null)) as { statusCode?: number; statusMessage?: string; response?: T } | null;
    if (res.ok && data?.statusCode === 0) return { ok: true, response: data.response as T };
    return { ok: false, status: res.status, message: data?.statusMessage ?? ACCOUNT_CALL_FAILED };
  } catch {
    return { ok: false, status: 0, message: ACCOUNT_CALL_FAILED };
  }
}

export const accountClient = {
  setEmailOptIn: (emailFlag: boolean) => put<{ emailOptIn: boolean }>('/api/user/preferences/contact', { optin: { emailFlag } }),
  changePassword: (currentPassword: string, newPassword: string) =>
    put<{ message: string }>('/api/user/password', { currentPassword, newPassword }),
};

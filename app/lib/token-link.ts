// The pages an emailed link opens with a single-use token in its address (/verify-email, /reset-password).

/** Never kept by a cache, and the token never leaves in a Referer header. */
export function tokenLinkHeaders() {
  return { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' };
}

/** The link's token (empty when there is none): the page's form posts it back. */
export function tokenLinkLoader({ request }: { request: Request }) {
  return { token: new URL(request.url).searchParams.get('token') ?? '' };
}

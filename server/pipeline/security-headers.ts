import { secureHeaders } from 'hono/secure-headers';

/** The answer's security headers (framing, referrer, resource policy); the CSP is content-security.ts's. */
export function securityHeaders() {
  return secureHeaders({
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: 'same-origin',
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'SAMEORIGIN',
  });
}

import { STAFF_AS_HEADER } from '../../domain/staff';

// A command's calls through the running server in the API tests (server/command-runner.ts): from this machine, with
// the credential a server leaves in DATA_DIR, as a named staff account.

/** The server's own credential in the tests (a real server makes one of its own at start). */
export const TEST_LOCAL_OPERATOR_TOKEN = 'test-local-operator-token-0123456789abcdef';

/** This machine's address, as TRUST_PROXY reads it from X-Forwarded-For. */
export const LOOPBACK = '127.0.0.1';

/** The headers of a command's call as `staff`. */
export function commandHeaders(staff = 'manager@staff.example', token = TEST_LOCAL_OPERATOR_TOKEN) {
  return { authorization: `Bearer ${token}`, [STAFF_AS_HEADER]: staff };
}

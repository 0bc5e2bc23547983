// The operator API's token of the browser tests' server (tests/support/fresh-server.ts): a test's own, never a
// real server's.
export const E2E_OPERATOR_TOKEN = 'e2e-operator-token-not-a-secret-0123456789';

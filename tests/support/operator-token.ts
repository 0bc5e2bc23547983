// The operator API's credential of the browser tests' server (tests/support/fresh-server.ts), which a server
// otherwise makes for itself and leaves in DATA_DIR (server/local-operator.ts): a test's own, never a real server's.
export const E2E_OPERATOR_TOKEN = 'e2e-operator-token-not-a-secret-0123456789';

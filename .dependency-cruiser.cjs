/** Import direction of DESIGN.md: app and server → services → domain and db; domain imports nothing of ours. */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment: 'domain/ holds pure rules: it imports no other folder of ours and no I/O module.',
      severity: 'error',
      from: { path: '^domain/' },
      to: { path: '^(services|db|server|app|admin)/' },
    },
    {
      name: 'domain-no-io',
      severity: 'error',
      from: { path: '^domain/' },
      to: {
        dependencyTypes: ['core'],
        path: '^(fs|net|http|https|child_process|node:fs|node:net|node:http|node:https|node:child_process)$',
      },
    },
    {
      name: 'db-below-services',
      comment: 'db/ knows only the schema and its own files (and the pure domain).',
      severity: 'error',
      from: { path: '^db/' },
      to: { path: '^(services|server|app)/' },
    },
    {
      name: 'services-below-adapters',
      severity: 'error',
      from: { path: '^services/' },
      to: { path: '^(server|app|admin)/' },
    },
    {
      name: 'app-not-server',
      comment: 'The React app and the HTTP adapter never import each other.',
      severity: 'error',
      from: { path: '^(app|admin)/' },
      to: { path: '^server/' },
    },
    {
      name: 'app-through-services',
      comment: 'Pages reach data through services only: nothing of db/ (its client, schema or types) in app/.',
      severity: 'error',
      from: { path: '^(app|admin)/' },
      to: { path: '^db/' },
    },
    {
      name: 'server-not-app',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^(app|admin)/' },
    },
    {
      name: 'http-is-a-leaf',
      comment: 'http/ holds HTTP helpers app/ and server/ share: of ours it imports only the pure domain.',
      severity: 'error',
      from: { path: '^http/' },
      to: { path: '^(services|db|server|app|admin)/' },
    },
    {
      name: 'services-speak-no-http',
      comment: "Use cases know nothing of answers and headers: those are the adapters' (app/, server/).",
      severity: 'error',
      from: { path: '^services/' },
      to: { path: '^http/' },
    },
    {
      name: 'orders-below-checkout',
      comment: 'An order lives on after its checkout: orders/ (moves, refunds, links, emails) never import checkout/.',
      severity: 'error',
      from: { path: '^services/orders/' },
      to: { path: '^services/checkout/' },
    },
    {
      name: 'payments-low',
      comment: 'payments/ (the provider, capture, refund jobs) knows no other area but platform/: others call it.',
      severity: 'error',
      from: { path: '^services/payments/' },
      to: { path: '^services/(?!payments/|platform/)' },
    },
    {
      name: 'platform-lowest',
      comment: 'platform/ (outbox, caches, budgets, errors) serves every area and imports none of them.',
      severity: 'error',
      from: { path: '^services/platform/' },
      // The outbox's map of job payloads names each area's payload type: types only, erased at build time.
      to: { path: '^services/(?!platform/)', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'catalogue-below-sales',
      comment: 'The catalogue (and its stock) is read by cart, checkout and orders; it imports none of them.',
      severity: 'error',
      from: { path: '^services/catalogue/' },
      to: { path: '^services/(cart|checkout|orders)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-circular',
      severity: 'error',
      // A cycle made only of type imports is erased at build time (route modules export their loader's
      // data type for the components they are assembled from, as Hydrogen's routes do).
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|build|\\.react-router)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
  },
};

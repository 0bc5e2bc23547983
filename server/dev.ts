export {};
// NOTE: as in main.ts, NODE_ENV is set before anything imports React; here to development, which
// makes run.ts serve through Vite's dev server (server/dev-server.ts).
process.env.NODE_ENV = 'development';
await import('./run');

export {};
// NOTE: React picks its development or production build from NODE_ENV when first loaded, so it is set
// before anything imports React (the development build renders several times slower).
process.env.NODE_ENV ??= 'production';
await import('./run');

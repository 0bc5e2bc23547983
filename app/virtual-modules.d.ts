// Modules the build makes (vite.config.ts).

/** The browser chunk of each locale's message catalogue, by catalogue locale (empty outside a production build). */
declare module 'virtual:catalogue-chunks' {
  const chunks: Readonly<Record<string, string>>;
  export default chunks;
}

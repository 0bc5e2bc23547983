// A message catalogue compiled by @lingui/vite-plugin.
declare module '*.po' {
  export const messages: import('@lingui/core').Messages;
}

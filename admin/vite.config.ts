import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

// The console's build: its scripts under /admin/assets/ (served by server/pipeline/static-files.ts).
export default defineConfig({
  base: '/admin/',
  plugins: [reactRouter()],
  build: { assetsInlineLimit: 0 },
});

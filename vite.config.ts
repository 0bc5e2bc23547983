import { lingui } from '@lingui/vite-plugin';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [lingui({ failOnMissing: false, failOnCompileError: true }), reactRouter()],
  build: { target: 'es2022' },
});

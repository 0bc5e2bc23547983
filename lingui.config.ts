import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

// The shopper's words live in one message catalogue per locale (app/locales/{locale}/messages.po), keyed by the
// English text. `npm run i18n:extract` adds new texts to every catalogue; translators fill the Chinese ones.
// NZ and US English start from the Australian text: a translation is written only where a word differs.
export default defineConfig({
  sourceLocale: 'en-AU',
  locales: ['en-AU', 'en-NZ', 'en-US', 'zh-HK', 'zh-TW'],
  fallbackLocales: { 'en-NZ': 'en-AU', 'en-US': 'en-AU' },
  catalogs: [
    {
      path: '<rootDir>/app/locales/{locale}/messages',
      include: ['<rootDir>/app', '<rootDir>/domain', '<rootDir>/services', '<rootDir>/server'],
      exclude: ['**/*.test.ts', '**/node_modules/**'],
    },
  ],
  orderBy: 'messageId',
  format: formatter({ lineNumbers: false, origins: false }),
});

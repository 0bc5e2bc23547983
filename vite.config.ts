import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { constants, brotliCompressSync, gzipSync } from 'node:zlib';
import { lingui } from '@lingui/vite-plugin';
import { reactRouter } from '@react-router/dev/vite';
import type { ChunkingContext } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
import { API_ONLY_TEXTS } from './domain/api-texts';
import { CONTACT_ONLY_TEXTS } from './domain/contact-texts';
import { SERVER_ONLY_TEXTS } from './services/platform/server-texts';
import { GIFT_CARD_ONLY_TEXTS } from './domain/gift-card-texts';
import { PAYMENT_ONLY_TEXTS } from './domain/payment-texts';
import { VOUCHER_ONLY_TEXTS } from './domain/voucher-texts';

/**
 * The English catalogues are keyed by their own text, so most entries only repeat their key. Left out, the
 * runtime's `missing` handler (app/lib/i18n.ts) answers the key itself: the same words, some 10 KB gzip fewer on
 * every English page. Messages with placeholders or plurals stay (they need their compiled form).
 */
function leanEnglishCatalogues(): Plugin {
  return {
    name: 'lean-english-catalogues',
    enforce: 'post',
    transform(code, id) {
      if (!/\/locales\/en-[A-Z]{2}\/messages\.po$/.test(id.split('?')[0] ?? '')) return;
      const literal = code.match(/JSON\.parse\(("(?:\\.|[^"\\])*")\)/)?.[1];
      if (!literal) return;
      const messages = JSON.parse(JSON.parse(literal)) as Record<string, unknown>;
      const kept = Object.fromEntries(
        Object.entries(messages).filter(
          ([key, value]) => !(Array.isArray(value) && value.length === 1 && value[0] === key),
        ),
      );
      return { code: `export const messages=JSON.parse(${JSON.stringify(JSON.stringify(kept))});`, map: null };
    },
  };
}

/**
 * Texts only the server reads (emails and server-filled templates, services/platform/server-texts.ts; the API's own, domain/api-texts.ts) are left out of the browser's
 * catalogues: every page loads its locale's whole catalogue. The server build keeps them.
 */
function browserCataloguesWithoutServerTexts(): Plugin {
  const serverOnly = new Set([
    ...SERVER_ONLY_TEXTS,
    ...API_ONLY_TEXTS,
    ...CONTACT_ONLY_TEXTS,
    ...GIFT_CARD_ONLY_TEXTS,
    ...VOUCHER_ONLY_TEXTS,
    ...PAYMENT_ONLY_TEXTS,
  ]);
  return {
    name: 'browser-catalogues-without-server-texts',
    enforce: 'post',
    transform(code, id, options) {
      if (options?.ssr || !/\/locales\/[\w-]+\/messages\.po$/.test(id.split('?')[0] ?? '')) return;
      const literal = code.match(/JSON\.parse\(("(?:\\.|[^"\\])*")\)/)?.[1];
      if (!literal) return;
      const messages = JSON.parse(JSON.parse(literal)) as Record<string, unknown>;
      const kept = Object.fromEntries(Object.entries(messages).filter(([key]) => !serverOnly.has(key)));
      return { code: `export const messages=JSON.parse(${JSON.stringify(JSON.stringify(kept))});`, map: null };
    },
  };
}

/**
 * Each built script and stylesheet is also written brotli- and gzip-compressed at the highest levels (`.br`, `.gz`
 * beside it), which the server sends as they are (server/pipeline/static-files.ts): a phone receives about 15 % fewer
 * bytes of JavaScript than from on-the-fly gzip, and the server compresses nothing per request.
 */
function precompressedAssets(): Plugin {
  return {
    name: 'precompressed-assets',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? '';
      for (const [fileName, output] of Object.entries(bundle)) {
        // NOTE: not the build's manifest (.vite/), which React Router removes after the build: its compressed copies
        // would be served.
        if (!/\.(js|css|json|svg)$/.test(fileName) || fileName.startsWith('.vite/')) continue;
        // What was just written, from memory: a chunk's code, or an asset's source.
        const content = Buffer.from(output.type === 'chunk' ? output.code : output.source);
        const file = path.join(dir, fileName);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * The browser chunk of each locale's message catalogue, by catalogue locale (`{ "en-AU": "/assets/messages-….js" }`),
 * noted as the browser build writes it and given to the server build as `virtual:catalogue-chunks` (React Router
 * builds the browser first, in the same process). The server lists the page's catalogue with the page's modules
 * (app/entry.server.tsx), so the browser fetches it beside them, not after the i18n module asked for it.
 */
const catalogueChunks: Record<string, string> = {};
function catalogueChunkNames(): Plugin {
  const id = 'virtual:catalogue-chunks';
  return {
    name: 'catalogue-chunk-names',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load: (source) => (source === `\0${id}` ? `export default ${JSON.stringify(catalogueChunks)};` : undefined),
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const locale = /\/locales\/([\w-]+)\/messages\.po$/.exec(output.facadeModuleId ?? '');
        if (locale?.[1]) catalogueChunks[locale[1]] = `/${output.fileName}`;
      }
    },
  };
}

/**
 * The modules app/root.tsx imports, directly or through others (not those it loads lazily): every page loads them,
 * so they can travel as one chunk (`shell` below). Found from the module graph as the browser build chunks it.
 */
function rootModules(ctx: ChunkingContext): Set<string> {
  const root = path.resolve('app/root.tsx');
  const found = new Set<string>();
  const next = [root];
  for (let id = next.pop(); id !== undefined; id = next.pop()) {
    if (found.has(id) || id.includes('/node_modules/')) continue;
    found.add(id);
    next.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  return found;
}

/**
 * The browser's chunks: React, React DOM, React Router and Lingui load on every page, as one framework
 * chunk instead of a handful of files that each cost a phone a request (and gzip better together). The app's shell
 * (root.tsx and what it imports) is one chunk too: it was split into a dozen small files, shared in different ways
 * with routes and lazy parts, and a phone's main thread spent about half a millisecond on each request it made
 * after the first paint (25 on a product page). The rest keeps the automatic split: grouping what routes share also
 * pulled what only lazy parts (forms, modals) need into every page (+35 KB gzip, measured with `npm run bench:js`).
 */
function clientChunks() {
  let shell: Set<string> | undefined;
  return {
    groups: [
      {
        name: 'framework',
        test: /node_modules[\\/](react|react-dom|scheduler|react-router|@lingui[\\/](core|react)|cookie|set-cookie-parser|turbo-stream)[\\/]/,
        priority: 2,
      },
      {
        name: (id: string, ctx: ChunkingContext) => {
          shell ??= rootModules(ctx);
          return shell.has(id) ? 'shell' : null;
        },
        debugName: 'shell',
        priority: 1,
      },
    ],
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    lingui({ failOnMissing: false, failOnCompileError: true }),
    leanEnglishCatalogues(),
    browserCataloguesWithoutServerTexts(),
    catalogueChunkNames(),
    reactRouter(),
    ...(isSsrBuild ? [] : [precompressedAssets()]),
  ],
  build: {
    target: 'es2022',
    rolldownOptions: {
      ...(isSsrBuild ? {} : { output: { codeSplitting: clientChunks() } }),
      treeshake: {
        manualPureFunctions: ['z'],
        moduleSideEffects: [{ test: /\/(domain|app\/lib)\//, sideEffects: false }],
        // NOTE: our modules read no getters at their top level: without this, a declaration the page never uses
        // (an error table, a kinds table built with spreads) is dropped but leaves its property reads behind.
        propertyReadSideEffects: false,
      },
    },
  },
}));

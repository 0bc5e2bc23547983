import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppEnv } from '../types';
import { builtAssets } from './static-files';

const SCRIPT = Buffer.from(`export const answer = ${'42 + '.repeat(200)}0;\n`);

describe('built assets from memory', () => {
  let dir: string;
  let app: Hono<AppEnv>;
  const file = (name: string) => path.join(dir, 'assets', name);
  const get = (p: string, init: RequestInit = {}) => app.request(p, init);

  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'sf-assets-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(file('root-AbC_12.js'), SCRIPT);
    writeFileSync(file('root-AbC_12.js.br'), brotliCompressSync(SCRIPT));
    writeFileSync(file('root-AbC_12.js.gz'), gzipSync(SCRIPT));
    writeFileSync(path.join(dir, 'secret.txt'), 'not an asset');
    app = new Hono<AppEnv>();
    app.use('/assets/*', builtAssets(dir));
    app.notFound((c) => c.text('Not found', 404));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('sends the copy the client accepts: brotli, else gzip, else the plain file, cached for a year', async () => {
    const br = await get('/assets/root-AbC_12.js', { headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' } });
    expect(br.status).toBe(200);
    expect(br.headers.get('Content-Encoding')).toBe('br');
    expect(Buffer.from(await br.arrayBuffer())).toEqual(brotliCompressSync(SCRIPT));
    expect(br.headers.get('Content-Type')).toMatch(/^text\/javascript/);
    expect(br.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(br.headers.get('Vary')).toBe('Accept-Encoding');

    const gz = await get('/assets/root-AbC_12.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('Content-Encoding')).toBe('gzip');
    expect(Number(gz.headers.get('Content-Length'))).toBe(gzipSync(SCRIPT).length);

    const plain = await get('/assets/root-AbC_12.js', { headers: { 'Accept-Encoding': 'br;q=0, gzip;q=0' } });
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(Buffer.from(await plain.arrayBuffer())).toEqual(SCRIPT);
  });

  it('sends only a copy the build wrote and the client takes', async () => {
    writeFileSync(file('gz-only-X2.js'), SCRIPT);
    writeFileSync(file('gz-only-X2.js.gz'), gzipSync(SCRIPT));
    const brOnly = await get('/assets/gz-only-X2.js', { headers: { 'Accept-Encoding': 'br' } });
    expect(brOnly.headers.get('Content-Encoding')).toBeNull();
    expect(Buffer.from(await brOnly.arrayBuffer())).toEqual(SCRIPT);
    const both = await get('/assets/gz-only-X2.js', { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(both.headers.get('Content-Encoding')).toBe('gzip');
  });

  it('reads each file once: later answers come from memory', async () => {
    expect((await get('/assets/root-AbC_12.js')).status).toBe(200);
    for (const name of ['root-AbC_12.js', 'root-AbC_12.js.br', 'root-AbC_12.js.gz']) rmSync(file(name));
    const again = await get('/assets/root-AbC_12.js', { headers: { 'Accept-Encoding': 'br' } });
    expect(again.status).toBe(200);
    expect(Buffer.from(await again.arrayBuffer())).toEqual(brotliCompressSync(SCRIPT));
  });

  it('answers HEAD with the headers and no body', async () => {
    const head = await get('/assets/root-AbC_12.js', { method: 'HEAD', headers: { 'Accept-Encoding': 'gzip' } });
    expect(head.status).toBe(200);
    expect(head.headers.get('Content-Encoding')).toBe('gzip');
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it('passes on what names no built file, without remembering it, and never leaves the folder', async () => {
    expect((await get('/assets/later-X1.js')).status).toBe(404);
    writeFileSync(file('later-X1.js'), SCRIPT);
    expect((await get('/assets/later-X1.js')).status).toBe(200);
    for (const p of ['/assets/..%2Fsecret.txt', '/assets/%2E%2E/secret.txt', '/assets/../secret.txt']) {
      const res = await get(p);
      expect(res.status, p).toBe(404);
      expect(await res.text()).not.toContain('not an asset');
    }
    expect((await get('/assets/root-AbC_12.js', { method: 'POST' })).status).toBe(404);
  });
});

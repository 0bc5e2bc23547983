import { crc32, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { combineCrc, deflatePart, gzipOf, storedPart } from './spliced-gzip';

describe('gzip from parts', () => {
  const page = Buffer.from(`<html><head><title>Wine</title></head><body>${'<p>Shiraz, Heathcote. </p>'.repeat(4000)}`);
  const tail = Buffer.from(`${'<li>Merlot</li>'.repeat(3000)}</body></html>`);

  it('decompresses to the parts in order, whatever goes between them', () => {
    for (const middle of ['', '<script>window.x=1</script>', '€ 名字 '.repeat(20_000)]) {
      const gz = gzipOf([deflatePart(page), storedPart(Buffer.from(middle)), deflatePart(tail)]);
      expect(gunzipSync(gz).equals(Buffer.concat([page, Buffer.from(middle), tail]))).toBe(true);
    }
  });

  it('combines CRCs as zlib computes the whole', () => {
    const a = Buffer.from('first part ');
    const b = Buffer.from('second, longer part'.repeat(1000));
    expect(combineCrc(crc32(a), crc32(b), b.byteLength)).toBe(crc32(Buffer.concat([a, b])));
    expect(combineCrc(0, crc32(b), b.byteLength)).toBe(crc32(b));
    expect(combineCrc(crc32(a), crc32(Buffer.alloc(0)), 0)).toBe(crc32(a));
  });
});

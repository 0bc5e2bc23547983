import { constants, crc32, deflateRawSync } from 'node:zlib';

// A gzip answer put together from parts compressed once (a stored page) and small parts that differ per answer
// (decision 036). Each stored part is a raw DEFLATE stream ended by a full flush: it ends on a byte boundary,
// is not the last block and refers to nothing before it, so parts can follow one another; a per-answer part goes
// in uncompressed as stored blocks. The gzip trailer's CRC-32 is combined from the parts' own.

export interface DeflatedPart {
  deflated: Buffer;
  crc: number;
  length: number;
}

/** A stored part: compressed once, at the level pages are stored with. */
export function deflatePart(bytes: Buffer): DeflatedPart {
  return {
    deflated: deflateRawSync(bytes, { level: 9, finishFlush: constants.Z_FULL_FLUSH }),
    crc: crc32(bytes),
    length: bytes.byteLength,
  };
}

const MAX_STORED = 0xffff;

/** `bytes` as non-final stored DEFLATE blocks (each starts on a byte boundary, as the part before it ends). */
export function storedPart(bytes: Buffer): DeflatedPart {
  const blocks: Buffer[] = [];
  for (let at = 0; at < bytes.byteLength || at === 0; at += MAX_STORED) {
    const chunk = bytes.subarray(at, at + MAX_STORED);
    const head = Buffer.alloc(5);
    head[0] = 0; // BFINAL 0, BTYPE 00 (stored), padding
    head.writeUInt16LE(chunk.byteLength, 1);
    head.writeUInt16LE(~chunk.byteLength & 0xffff, 3);
    blocks.push(head, chunk);
    if (bytes.byteLength === 0) break;
  }
  return { deflated: Buffer.concat(blocks), crc: crc32(bytes), length: bytes.byteLength };
}

const POLY = 0xedb88320;

/** a·b modulo the CRC-32 polynomial (reflected), as zlib's crc32_combine computes it. */
function multiplyModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  let x = b >>> 0;
  for (;;) {
    if ((a & m) !== 0) {
      p = (p ^ x) >>> 0;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    x = x & 1 ? ((x >>> 1) ^ POLY) >>> 0 : x >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) modulo P, k = 0…31. */
const X2N: number[] = [];
X2N[0] = 0x40000000;
for (let k = 1; k < 32; k++) X2N[k] = multiplyModP(X2N[k - 1] as number, X2N[k - 1] as number);

/** x^(8·n) modulo P: what shifting a CRC past n bytes of zeros multiplies it by. */
function shiftBytes(n: number): number {
  let p = 0x80000000;
  let k = 3;
  let rest = n;
  while (rest > 0) {
    if (rest % 2 === 1) p = multiplyModP(X2N[k & 31] as number, p);
    rest = Math.floor(rest / 2);
    k++;
  }
  return p;
}

/** The CRC-32 of A then B from A's CRC, B's CRC and B's length (zlib's crc32_combine). */
export function combineCrc(crcA: number, crcB: number, lengthB: number): number {
  return (multiplyModP(shiftBytes(lengthB), crcA) ^ crcB) >>> 0;
}

const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty final block with fixed codes: the stream's end. */
const FINAL_BLOCK = Buffer.from([3, 0]);

/** One gzip member holding the parts' bytes in order. */
export function gzipOf(parts: readonly DeflatedPart[]): Buffer {
  let crc = 0;
  let length = 0;
  for (const part of parts) {
    crc = combineCrc(crc, part.crc, part.length);
    length += part.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  return Buffer.concat([HEADER, ...parts.map((p) => p.deflated), FINAL_BLOCK, trailer]);
}

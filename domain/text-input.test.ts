import { describe, expect, it } from 'vitest';
import { isSafeText, isSafeValue, stripUnsafeText } from './text-input';

describe('text input rule', () => {
  it('refuses control characters and lone surrogates, keeps tabs, newlines and real emoji', () => {
    expect(isSafeText('Shiraz 2021')).toBe(true);
    expect(isSafeText('Happy birthday!\nLove, Ann\t🍷')).toBe(true);
    expect(isSafeText('a\u0000b')).toBe(false);
    expect(isSafeText('a\u001bb')).toBe(false);
    expect(isSafeText('a\u007f')).toBe(false);
    expect(isSafeText('\ud83c')).toBe(false);
    expect(isSafeText('x\udf77')).toBe(false);
    expect(stripUnsafeText('shi\u0000raz\ud83c')).toBe('shiraz');
    expect(isSafeValue({ cartItems: [{ itemCode: 'D0001\u0000', quantity: 1 }] })).toBe(false);
    expect(isSafeValue({ 'k\u0000': 1 })).toBe(false);
    expect(isSafeValue({ a: [1, 'ok', null, { b: 'fine' }] })).toBe(true);
  });
});

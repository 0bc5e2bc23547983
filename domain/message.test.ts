import { describe, expect, it } from 'vitest';
import { englishText, issueText, message, sentText, translate } from './message';

describe('texts with runtime parts', () => {
  it('read as English without a catalogue: values filled in, English plural forms', () => {
    const bottles = (n: number) =>
      message(
        'This voucher needs an order of at least {bottles, plural, one {{bottles} bottle} other {{bottles} bottles}}.',
        { bottles: n },
      );
    expect(englishText(bottles(12))).toBe('This voucher needs an order of at least 12 bottles.');
    expect(englishText(bottles(1))).toBe('This voucher needs an order of at least 1 bottle.');
    const left = (n: number) =>
      message('Sorry, only {left, plural, =0 {none} one {{left} of {name} is} other {{left} of {name} are}} left.', {
        left: n,
        name: 'Shiraz, 2021',
      });
    expect(englishText(left(1))).toBe('Sorry, only 1 of Shiraz, 2021 is left.');
    expect(englishText(left(4))).toBe('Sorry, only 4 of Shiraz, 2021 are left.');
    expect(englishText(left(0))).toBe('Sorry, only none left.');
    expect(englishText('Plain text')).toBe('Plain text');
  });

  it('are rendered by a catalogue, English when it lacks the template; plain texts are sent as written', () => {
    const catalogue: Record<string, string> = { 'At least {amount}.': '最少 {amount}。', Hello: '你好' };
    const zh = {
      _: (id: string, values?: Record<string, unknown>) =>
        (catalogue[id] ?? id).replace(/\{(\w+)\}/g, (_m, k: string) => String(values?.[k])),
    };
    const missing = { _: (id: string) => id };
    expect(translate(zh, message('At least {amount}.', { amount: '$5.00' }))).toBe('最少 $5.00。');
    expect(translate(missing, message('At least {amount}.', { amount: '$5.00' }))).toBe('At least $5.00.');
    expect(translate(zh, 'Hello')).toBe('你好');
    expect(sentText(zh, 'Hello')).toBe('Hello');
    expect(sentText(zh, message('At least {amount}.', { amount: '$5.00' }))).toBe('最少 $5.00。');
    expect(sentText(undefined, message('At least {amount}.', { amount: '$5.00' }))).toBe('At least $5.00.');
  });

  it("take a zod issue's bound, or a custom issue's values", () => {
    expect(issueText({ code: 'too_big', message: 'At most {maximum}.', maximum: 100 })).toEqual(
      message('At most {maximum}.', { maximum: 100 }),
    );
    expect(issueText({ code: 'custom', message: 'Card {code}.', params: { values: { code: 'X' } } })).toEqual(
      message('Card {code}.', { code: 'X' }),
    );
    expect(
      issueText({
        code: 'invalid_type',
        message: 'Send cartItems as a list of items, each with an itemCode and a quantity.',
      }),
    ).toBe('Send cartItems as a list of items, each with an itemCode and a quantity.');
  });
});

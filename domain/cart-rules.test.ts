import { describe, expect, it } from 'vitest';
import { MAX_LINE_QUANTITY } from './cart-pricing';
import { giftVoucherSchema, LineQuantitySchema, QUANTITY_MESSAGE } from './cart-rules';
import { GIFT_FORM_MESSAGES, GIFT_MESSAGE_MAX } from './gift-vouchers';
import { englishText, issueText } from './message';

// Limits written out in their texts (so the catalogues can hold the texts as they are) must match the limits.
describe('texts that name a fixed limit', () => {
  it('name the limits the rules use', () => {
    expect(QUANTITY_MESSAGE).toBe(`Please enter a quantity from 1 to ${MAX_LINE_QUANTITY}.`);
    expect(GIFT_FORM_MESSAGES.messageLong).toBe(`The gift message can be at most ${GIFT_MESSAGE_MAX} characters.`);
    expect(LineQuantitySchema.safeParse(MAX_LINE_QUANTITY + 1).error?.issues[0]?.message).toBe(QUANTITY_MESSAGE);
  });

  it("fill a gift amount's bound in from the issue", () => {
    const schema = giftVoucherSchema(25, 500);
    const base = { itemCode: '02698VC', recipientName: 'Bo', recipientEmail: 'bo@example.com', message: 'Hi' };
    const text = (amount: number) => {
      const issue = schema.safeParse({ ...base, verifyEmail: base.recipientEmail, amount }).error?.issues[0];
      return issue && englishText(issueText(issue));
    };
    expect(text(24)).toBe('The amount must be at least 25.');
    expect(text(501)).toBe('The amount must be at most 500.');
  });
});

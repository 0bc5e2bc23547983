import { describe, expect, it } from 'vitest';
import { checkPlanLine, PlanMappingsFileSchema, parsePlanRule, subscribeAndSavePriceText } from './plans';

const ss = { bomItemCode: 'D0003', bumpCode: 'D0003SS', rule: 'SUBSCRIBE_AND_SAVE_6', type: 'SS' };
const plan = { bomItemCode: 'D0001', bumpCode: 'D0001WP', rule: 'WINEPLAN_DISCOVERY_12', type: 'WINEPLAN' };

describe('parsePlanRule', () => {
  it('reads the two rule kinds, and nothing else', () => {
    expect(parsePlanRule('SUBSCRIBE_AND_SAVE_6')).toEqual({ kind: 'SUBSCRIBE_AND_SAVE', bottles: 6 });
    expect(parsePlanRule('WINEPLAN_DISCOVERY_12')).toEqual({ kind: 'WINEPLAN', name: 'DISCOVERY_12' });
    for (const bad of ['D0003:6', 'SUBSCRIBE_AND_SAVE_0', 'SUBSCRIBE_AND_SAVE_', 'wineplan_x', ''])
      expect(parsePlanRule(bad), bad).toBeNull();
  });
});

describe('checkPlanLine (SPEC §8 upsell validation)', () => {
  it('needs n bottles of the wine for Subscribe and Save', () => {
    expect(checkPlanLine(ss, null)).toBe('removed');
    expect(checkPlanLine(ss, 5)).toBe('missing');
    expect(checkPlanLine(ss, 6)).toBe('ok');
    expect(checkPlanLine(ss, 12)).toBe('ok');
  });
  it('asks nothing of a wine plan, and everything of an unknown offer', () => {
    expect(checkPlanLine(plan, null)).toBe('ok');
    expect(checkPlanLine(undefined, 12)).toBe('missing');
  });
});

describe('subscribeAndSavePriceText (SPEC §9)', () => {
  it('replaces 179.88 with 209.99 and leaves other prices', () => {
    expect(subscribeAndSavePriceText('Was $179.88 a delivery')).toBe('Was $209.99 a delivery');
    expect(subscribeAndSavePriceText('$149.94')).toBe('$149.94');
  });
});

describe('PlanMappingsFileSchema', () => {
  it('takes valid mappings and names what is wrong with bad ones', () => {
    expect(PlanMappingsFileSchema.safeParse([ss, plan]).success).toBe(true);
    const issue = (v: unknown) => PlanMappingsFileSchema.safeParse(v).error?.issues[0]?.message;
    expect(issue([{ ...ss, rule: 'D0003:6' }])).toBe('rule is SUBSCRIBE_AND_SAVE_{bottles} or WINEPLAN_{NAME}.');
    expect(issue([{ ...ss, type: 'WINEPLAN' }])).toBe(
      'An SS mapping has a SUBSCRIBE_AND_SAVE rule, a WINEPLAN mapping a WINEPLAN rule.',
    );
    expect(issue([{ ...ss, type: 'XX' }])).toBe('type is "SS" or "WINEPLAN".');
    expect(issue([ss, { ...ss, bumpCode: 'D0003SS2' }])).toBe('Each wine (bomItemCode) has one mapping.');
  });
});

import { z } from 'zod';
import { ITEM_CODE_PATTERN } from './item-code';

// Plan mappings (SPEC §3 "Wine-plan mapping": bom item code, bumpCode, rule, type) and their one rule format,
// read alike by the offers and by the cart's check (SPEC §8 upsell validation). Pure.

export const SUBSCRIBE_AND_SAVE = 'SS';
export const WINE_PLAN = 'WINEPLAN';

export interface PlanMapping {
  bomItemCode: string;
  bumpCode: string;
  rule: string;
  type: string;
}

/** `SUBSCRIBE_AND_SAVE_{n}`: n bottles of the mapping's wine qualify. `WINEPLAN_{NAME}`: a plan, no minimum. */
export type PlanRule = { kind: 'SUBSCRIBE_AND_SAVE'; bottles: number } | { kind: 'WINEPLAN'; name: string };

export function parsePlanRule(rule: string): PlanRule | null {
  const ss = /^SUBSCRIBE_AND_SAVE_([1-9]\d?)$/.exec(rule);
  if (ss) return { kind: 'SUBSCRIBE_AND_SAVE', bottles: Number(ss[1]) };
  const plan = /^WINEPLAN_([A-Z0-9_]{1,40})$/.exec(rule);
  return plan ? { kind: 'WINEPLAN', name: plan[1] ?? '' } : null;
}

/** Bottles of the mapping's wine the offer needs (0: none). */
export function qualifyingBottles(rule: string): number {
  const parsed = parsePlanRule(rule);
  return parsed?.kind === 'SUBSCRIBE_AND_SAVE' ? parsed.bottles : 0;
}

export type PlanLineCheck = 'ok' | 'removed' | 'missing';

/**
 * SPEC §8: a plan line whose wine is gone is 'Eligible product removed from the cart'; one with too few bottles of
 * it is 'cart is missing items to qualify for the upsell offer'. `bottlesOfWine` is null when the wine is not in
 * the cart at all. A line whose offer is unknown is missing what it needs.
 */
export function checkPlanLine(mapping: PlanMapping | undefined, bottlesOfWine: number | null): PlanLineCheck {
  if (!mapping) return 'missing';
  const needed = qualifyingBottles(mapping.rule);
  if (needed === 0) return 'ok';
  if (bottlesOfWine === null) return 'removed';
  return bottlesOfWine >= needed ? 'ok' : 'missing';
}

/** SPEC §9: the Subscribe and Save modal is offered for a quantity of 6 or more… */
export const SUBSCRIBE_AND_SAVE_MIN_QUANTITY = 6;
/** …until the shopper has declined it 3 times in the session. */
export const SUBSCRIBE_AND_SAVE_MAX_DECLINES = 3;

/** SPEC §9: "price text 179.88 is replaced with 209.99". */
export function subscribeAndSavePriceText(text: string): string {
  return text.replaceAll('179.88', '209.99');
}

/** One mapping as operators write it in content/plan-mappings.json. */
export const PlanMappingSchema = z
  .strictObject({
    bomItemCode: z.string().regex(ITEM_CODE_PATTERN, 'bomItemCode is an item code such as D0003.'),
    bumpCode: z.string().regex(ITEM_CODE_PATTERN, 'bumpCode is an item code such as D0003SS.'),
    rule: z.string().refine((r) => parsePlanRule(r) !== null, {
      message: 'rule is SUBSCRIBE_AND_SAVE_{bottles} or WINEPLAN_{NAME}.',
    }),
    type: z.enum([SUBSCRIBE_AND_SAVE, WINE_PLAN], { error: 'type is "SS" or "WINEPLAN".' }),
  })
  .refine((m) => (m.type === SUBSCRIBE_AND_SAVE) === (parsePlanRule(m.rule)?.kind === 'SUBSCRIBE_AND_SAVE'), {
    message: 'An SS mapping has a SUBSCRIBE_AND_SAVE rule, a WINEPLAN mapping a WINEPLAN rule.',
    path: ['rule'],
  });

export const PlanMappingsFileSchema = z
  .array(PlanMappingSchema)
  .max(1_000)
  .refine((list) => new Set(list.map((m) => m.bomItemCode)).size === list.length, {
    message: 'Each wine (bomItemCode) has one mapping.',
  });

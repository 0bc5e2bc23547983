// Pack-size pricing shown on product pages (SPEC §3 price fields, §9 "Savings show when above $10").

export const PACK_SIZES = [1, 2, 3, 6, 12] as const;
export type PackSize = (typeof PACK_SIZES)[number];

export const PACK_FIELD: Record<Exclude<PackSize, 1>, 'two' | 'three' | 'six' | 'twelve'> = {
  2: 'two',
  3: 'three',
  6: 'six',
  12: 'twelve',
};

/** Savings strictly above this many cents are advertised (SPEC §9: "above $10"). */
export const SAVINGS_DISPLAY_MIN_CENTS = 1_000;

export interface PackPrice {
  size: PackSize;
  itemCode: string;
  listPriceCents: number;
  salePriceCents: number;
  /** Unlimited members' price (shown to ACTIVE and REQUESTED members, SPEC §4). */
  memberPriceCents?: number | null;
}

export interface PackOffer extends PackPrice {
  /** What the pack saves against buying the same bottles one by one at the single sale price. */
  savingsCents: number;
  showSavings: boolean;
  perBottleCents: number;
}

export function describePackOffers(packs: readonly PackPrice[]): PackOffer[] {
  const single = packs.find((p) => p.size === 1);
  return [...packs]
    .sort((a, b) => a.size - b.size)
    .map((p) => {
      const reference = single ? single.salePriceCents * p.size : p.listPriceCents;
      const savingsCents = Math.max(0, reference - p.salePriceCents);
      return {
        ...p,
        savingsCents,
        showSavings: savingsCents > SAVINGS_DISPLAY_MIN_CENTS,
        perBottleCents: Math.round(p.salePriceCents / p.size),
      };
    });
}

/**
 * Each edge of the Unlimited out-of-area ranges (SPEC §9: 0800–0999, 6215–6799, 2899, 7151) and the in-area
 * postcode either side, with whether Unlimited may be joined there. All are in the demo postcode list.
 */
export const UNLIMITED_RANGE_EDGES = [
  ['0799', true],
  ['0800', false],
  ['0999', false],
  ['1000', true],
  ['2898', true],
  ['2899', false],
  ['2900', true],
  ['6214', true],
  ['6215', false],
  ['6799', false],
  ['6800', true],
  ['7150', true],
  ['7151', false],
  ['7152', true],
] as const;

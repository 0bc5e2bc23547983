// Hong Kong addresses (CONTRACT.md "Sites"): a district from the list below takes the place of a postcode.

/**
 * Hong Kong's 18 districts by region (CONTRACT.md "Sites": a Hong Kong address has a district, not a postcode), as
 * the HK sites show them. The code is what an order keeps.
 */
export const HK_DISTRICT_REGIONS = [
  {
    region: '香港島',
    districts: [
      ['central-western', '中西區'],
      ['wan-chai', '灣仔區'],
      ['eastern', '東區'],
      ['southern', '南區'],
    ],
  },
  {
    region: '九龍',
    districts: [
      ['yau-tsim-mong', '油尖旺區'],
      ['sham-shui-po', '深水埗區'],
      ['kowloon-city', '九龍城區'],
      ['wong-tai-sin', '黃大仙區'],
      ['kwun-tong', '觀塘區'],
    ],
  },
  {
    region: '新界',
    districts: [
      ['kwai-tsing', '葵青區'],
      ['tsuen-wan', '荃灣區'],
      ['tuen-mun', '屯門區'],
      ['yuen-long', '元朗區'],
      ['north', '北區'],
      ['tai-po', '大埔區'],
      ['sha-tin', '沙田區'],
      ['sai-kung', '西貢區'],
      ['islands', '離島區'],
    ],
  },
] as const;

export type HkDistrict = (typeof HK_DISTRICT_REGIONS)[number]['districts'][number][0];
const HK_DISTRICT_NAMES: ReadonlyMap<string, string> = new Map(
  HK_DISTRICT_REGIONS.flatMap((r): (readonly [string, string])[] => [...r.districts]),
);
export const HK_DISTRICTS = [...HK_DISTRICT_NAMES.keys()] as [HkDistrict, ...HkDistrict[]];

/** The district's name as the HK sites show it, or '' for no (or an unknown) district. */
export function hkDistrictName(code: string | undefined | null): string {
  return (code && HK_DISTRICT_NAMES.get(code)) || '';
}

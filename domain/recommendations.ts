/** SPEC §3 Recommendations: why an item is recommended. */
export const RECOMMENDATION_TYPES = {
  purchases: 1,
  ratings: 2,
  favourites: 3,
  /** A customer with nothing to go on yet gets the best-rated wines. */
  popular: 4,
} as const;
export type RecommendationTypeId = (typeof RECOMMENDATION_TYPES)[keyof typeof RECOMMENDATION_TYPES];

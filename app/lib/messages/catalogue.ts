// Texts of the catalogue pages (listing and search, product page, reviews, home) that come from domain/ or the
// server and are shown through `i18n._(text)`: brand taglines, categories, facet, sort and price-band labels,
// colour names, cellaring bands, review validation and the review service's answers.

export const SITE_TEXTS = [
  /*i18n*/ { id: 'Wines from family vineyards, chosen for you' },
  /*i18n*/ { id: 'Wine that turns heads' },
  /*i18n*/ { id: 'By wine people, for wine people' },
  /*i18n*/ { id: 'Straight from the cellar door' },
  /*i18n*/ { id: 'A society of good taste' },
  /*i18n*/ { id: 'Discover wines worth talking about' },
  /*i18n*/ { id: 'Fine wine, delivered across Hong Kong' },
];

export const CATEGORY_TEXTS = [
  /*i18n*/ { id: 'Red wine' },
  /*i18n*/ { id: 'From silky Pinot Noir to bold Barossa Shiraz.' },
  /*i18n*/ { id: 'White wine' },
  /*i18n*/ { id: 'Crisp Sauvignon Blanc, creamy Chardonnay and everything between.' },
  /*i18n*/ { id: 'Rosé' },
  /*i18n*/ { id: 'Pale, dry and made for long lunches.' },
  /*i18n*/ { id: 'Sparkling & Champagne' },
  /*i18n*/ { id: 'Bubbles for every celebration.' },
  /*i18n*/ { id: 'Mixed cases' },
  /*i18n*/ { id: 'Twelve different bottles, one great price.' },
  /*i18n*/ { id: 'Under $20' },
  /*i18n*/ { id: 'Everyday wines that punch above their price.' },
  /*i18n*/ { id: 'New releases' },
  /*i18n*/ { id: 'Just landed in our cellars.' },
  /*i18n*/ { id: 'Award winners' },
  /*i18n*/ { id: 'Medal-winning wines from around the world.' },
  /*i18n*/ { id: 'Dessert wine' },
  /*i18n*/ { id: 'Sweet wines for the cheese board and pudding.' },
  /*i18n*/ { id: 'Fortified' },
  /*i18n*/ { id: 'Port, Tawny and Muscat.' },
  /*i18n*/ { id: 'Magnums' },
  /*i18n*/ { id: 'Big bottles for big occasions.' },
  /*i18n*/ { id: 'Beer & cider' },
  /*i18n*/ { id: 'Craft brews from independent brewers.' },
  /*i18n*/ { id: 'Spirits' },
  /*i18n*/ { id: 'Gin, whisky and more.' },
  /*i18n*/ { id: 'Gifts' },
  /*i18n*/ { id: 'Gift boxes and hampers.' },
];

/** domain/categories.ts COLOUR_NAMES. */
export const COLOUR_TEXTS = [
  /*i18n*/ { id: 'Red' },
  /*i18n*/ { id: 'White' },
  /*i18n*/ { id: 'Sparkling' },
  /*i18n*/ { id: 'Dessert' },
  /*i18n*/ { id: 'Mixed case' },
  /*i18n*/ { id: 'Other' },
];

/** domain/search-params.ts: sort, facet and price-band labels. */
export const SEARCH_TEXTS = [
  /*i18n*/ { id: 'Best match' },
  /*i18n*/ { id: 'Price: low to high' },
  /*i18n*/ { id: 'Price: high to low' },
  /*i18n*/ { id: 'Customer rating' },
  /*i18n*/ { id: 'Newest' },
  /*i18n*/ { id: 'Name A–Z' },
  /*i18n*/ { id: '$20 to $30' },
  /*i18n*/ { id: '$30 to $50' },
  /*i18n*/ { id: '$50 and over' },
  /*i18n*/ { id: 'Type' },
  /*i18n*/ { id: 'Grape' },
  /*i18n*/ { id: 'Region' },
  /*i18n*/ { id: 'Country' },
  /*i18n*/ { id: 'Price' },
  /*i18n*/ { id: 'Rating' },
  /*i18n*/ { id: 'Bottle size' },
  /*i18n*/ { id: 'Vintage' },
];

/** domain/cellaring.ts CELLARING_TEXT. */
export const CELLARING_TEXTS = [
  /*i18n*/ { id: 'Ready now' },
  /*i18n*/ { id: 'Cellar for 2-5 years' },
  /*i18n*/ { id: 'Cellar for 5-10 years' },
  /*i18n*/ { id: 'Cellar for 10-15 years' },
  /*i18n*/ { id: 'Cellar for 15+ years' },
];

/** domain/reviews.ts REVIEW_MESSAGES and the answers of PUT /api/user/reviews/{itemCode}. */
export const REVIEW_TEXTS = [
  /*i18n*/ { id: 'Please choose a rating from 1 to 5 stars.' },
  /*i18n*/ { id: 'Please give your review a title.' },
  /*i18n*/ { id: 'The title must be 100 characters or fewer.' },
  /*i18n*/ { id: 'Please tell us what you thought of the wine.' },
  /*i18n*/ { id: 'Your review must be 2000 characters or fewer.' },
  /*i18n*/ { id: 'You can review wines you have bought from us.' },
  /*i18n*/ { id: 'Thank you: your review will appear once our team has checked it.' },
  /*i18n*/ { id: 'We could not find the product {itemCode}.' },
  /*i18n*/ { id: 'Please log in to continue.' },
  /*i18n*/ { id: 'Something went wrong. Please try again later.' },
];

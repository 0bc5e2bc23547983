// Category pages: /wines?name={name}.
export interface Category {
  name: string;
  title: string;
  description: string;
}

export const CATEGORIES: readonly Category[] = [
  {
    name: 'red-wine',
    title: /*i18n*/ 'Red wine',
    description: /*i18n*/ 'From silky Pinot Noir to bold Barossa Shiraz.',
  },
  {
    name: 'white-wine',
    title: /*i18n*/ 'White wine',
    description: /*i18n*/ 'Crisp Sauvignon Blanc, creamy Chardonnay and everything between.',
  },
  { name: 'rose-wine', title: /*i18n*/ 'Rosé', description: /*i18n*/ 'Pale, dry and made for long lunches.' },
  {
    name: 'sparkling-wine',
    title: /*i18n*/ 'Sparkling & Champagne',
    description: /*i18n*/ 'Bubbles for every celebration.',
  },
  {
    name: 'mixed-cases',
    title: /*i18n*/ 'Mixed cases',
    description: /*i18n*/ 'Twelve different bottles, one great price.',
  },
  {
    name: 'under-20',
    title: /*i18n*/ 'Under $20',
    description: /*i18n*/ 'Everyday wines that punch above their price.',
  },
  { name: 'new-releases', title: /*i18n*/ 'New releases', description: /*i18n*/ 'Just landed in our cellars.' },
  {
    name: 'award-winners',
    title: /*i18n*/ 'Award winners',
    description: /*i18n*/ 'Medal-winning wines from around the world.',
  },
  {
    name: 'dessert-wine',
    title: /*i18n*/ 'Dessert wine',
    description: /*i18n*/ 'Sweet wines for the cheese board and pudding.',
  },
  { name: 'fortified-wine', title: /*i18n*/ 'Fortified', description: /*i18n*/ 'Port, Tawny and Muscat.' },
  { name: 'magnums', title: /*i18n*/ 'Magnums', description: /*i18n*/ 'Big bottles for big occasions.' },
  { name: 'beer', title: /*i18n*/ 'Beer & cider', description: /*i18n*/ 'Craft brews from independent brewers.' },
  { name: 'spirits', title: /*i18n*/ 'Spirits', description: /*i18n*/ 'Gin, whisky and more.' },
  { name: 'gifts', title: /*i18n*/ 'Gifts', description: /*i18n*/ 'Gift boxes and hampers.' },
];

export function findCategory(name: string | null | undefined): Category | undefined {
  return name ? CATEGORIES.find((c) => c.name === name) : undefined;
}

/** How a product colour (products.colour) reads to a shopper. */
export const COLOUR_NAMES: Readonly<Record<string, string>> = {
  red: /*i18n*/ 'Red',
  white: /*i18n*/ 'White',
  rose: /*i18n*/ 'Rosé',
  sparkling: /*i18n*/ 'Sparkling',
  dessert: /*i18n*/ 'Dessert',
  fortified: /*i18n*/ 'Fortified',
  mixed: /*i18n*/ 'Mixed case',
  none: /*i18n*/ 'Other',
};

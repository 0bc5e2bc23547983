// Category pages: /wines?name={name}.
export interface Category {
  name: string;
  title: string;
  description: string;
}

export const CATEGORIES: readonly Category[] = [
  { name: 'red-wine', title: 'Red wine', description: 'From silky Pinot Noir to bold Barossa Shiraz.' },
  {
    name: 'white-wine',
    title: 'White wine',
    description: 'Crisp Sauvignon Blanc, creamy Chardonnay and everything between.',
  },
  { name: 'rose-wine', title: 'Rosé', description: 'Pale, dry and made for long lunches.' },
  { name: 'sparkling-wine', title: 'Sparkling & Champagne', description: 'Bubbles for every celebration.' },
  { name: 'mixed-cases', title: 'Mixed cases', description: 'Twelve different bottles, one great price.' },
  { name: 'under-20', title: 'Under $20', description: 'Everyday wines that punch above their price.' },
  { name: 'new-releases', title: 'New releases', description: 'Just landed in our cellars.' },
  { name: 'award-winners', title: 'Award winners', description: 'Medal-winning wines from around the world.' },
  { name: 'dessert-wine', title: 'Dessert wine', description: 'Sweet wines for the cheese board and pudding.' },
  { name: 'fortified-wine', title: 'Fortified', description: 'Port, Tawny and Muscat.' },
  { name: 'magnums', title: 'Magnums', description: 'Big bottles for big occasions.' },
  { name: 'beer', title: 'Beer & cider', description: 'Craft brews from independent brewers.' },
  { name: 'spirits', title: 'Spirits', description: 'Gin, whisky and more.' },
  { name: 'gifts', title: 'Gifts', description: 'Gift boxes and hampers.' },
];

export function findCategory(name: string | null | undefined): Category | undefined {
  return name ? CATEGORIES.find((c) => c.name === name) : undefined;
}

/** How a product colour (products.colour) reads to a shopper. */
export const COLOUR_NAMES: Readonly<Record<string, string>> = {
  red: 'Red',
  white: 'White',
  rose: 'Rosé',
  sparkling: 'Sparkling',
  dessert: 'Dessert',
  fortified: 'Fortified',
  mixed: 'Mixed case',
  none: 'Other',
};

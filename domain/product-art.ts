import type { ImageSize } from './images';
import { PRODUCT_KIND_LOOKS, type ProductKind } from './product-kinds';

// Product images are drawn, not photographed: an SVG bottle, magnum, case, can or gift box whose
// glass, wine and label colours come from the product's colour and style.

export interface ArtInput {
  itemCode: string;
  name: string;
  producer: string;
  colour: string;
  productType: ProductKind;
  mixed: boolean;
  bottleSizeMl: number;
  vintage: number | null;
}

const PIXELS: Record<ImageSize, [number, number]> = {
  thumbnail: [60, 80],
  small: [150, 200],
  large: [450, 600],
};

const GLASS: Record<string, { glass: string; wine: string; label: string; ink: string }> = {
  red: { glass: '#2b1418', wine: '#5c0f1f', label: '#f4ead8', ink: '#5c0f1f' },
  white: { glass: '#9fae6a', wine: '#e9dc8f', label: '#fdfaf1', ink: '#4f5b2a' },
  rose: { glass: '#e6b7b0', wine: '#f19a9a', label: '#fff6f3', ink: '#9c3b46' },
  sparkling: { glass: '#25402c', wine: '#e9d9a0', label: '#111111', ink: '#d8b86a' },
  dessert: { glass: '#6b4a1a', wine: '#c98a1f', label: '#fbf3e2', ink: '#6b4a1a' },
  fortified: { glass: '#3a1c0c', wine: '#6d2a0c', label: '#efe3cf', ink: '#3a1c0c' },
};

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function hashHue(text: string): number {
  let h = 0;
  for (const ch of text) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return h;
}

function initials(producer: string): string {
  const words = producer
    .replace(/[^\p{L}\s]/gu, '')
    .split(/\s+/)
    .filter(Boolean);
  return (
    words.length > 1 ? `${words[0]?.[0] ?? ''}${words[1]?.[0] ?? ''}` : (words[0] ?? 'W').slice(0, 2)
  ).toUpperCase();
}

function frame(size: ImageSize, title: string, body: string): string {
  const [w, h] = PIXELS[size];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 300 400" role="img"><title>${escapeXml(title)}</title><rect width="300" height="400" fill="#ffffff"/>${body}</svg>`;
}

function bottle(
  x: number,
  scale: number,
  palette: { glass: string; wine: string; label: string; ink: string },
  mark: string,
  foil: string,
): string {
  // A Bordeaux-shaped bottle centred on x, 300 units tall at scale 1.
  const t = (n: number) => (n * scale).toFixed(1);
  const top = 400 - 30 - 330 * scale;
  return `<g transform="translate(${x - 45 * scale} ${top})">
<rect x="${t(32)}" y="0" width="${t(26)}" height="${t(40)}" rx="${t(4)}" fill="${foil}"/>
<path d="M${t(34)} ${t(36)} h${t(22)} v${t(60)} c0 ${t(20)} ${t(34)} ${t(22)} ${t(34)} ${t(52)} v${t(170)} a${t(8)} ${t(8)} 0 0 1 -${t(8)} ${t(8)} h-${t(74)} a${t(8)} ${t(8)} 0 0 1 -${t(8)} -${t(8)} v-${t(170)} c0 -${t(30)} ${t(34)} -${t(32)} ${t(34)} -${t(52)} z" fill="${palette.glass}"/>
<rect x="${t(2)}" y="${t(200)}" width="${t(86)}" height="${t(116)}" fill="${palette.wine}" opacity="0.35"/>
<rect x="${t(6)}" y="${t(180)}" width="${t(78)}" height="${t(90)}" rx="${t(3)}" fill="${palette.label}"/>
<text x="${t(45)}" y="${t(232)}" font-family="Georgia, serif" font-size="${t(30)}" text-anchor="middle" fill="${palette.ink}">${escapeXml(mark)}</text>
<rect x="${t(20)}" y="${t(245)}" width="${t(50)}" height="${t(3)}" fill="${palette.ink}"/>
</g>`;
}

export function drawProductSvg(input: ArtInput, size: ImageSize): string {
  const title = input.vintage ? `${input.name} ${input.vintage}` : input.name;
  const mark = initials(input.producer || input.name);
  const hue = hashHue(input.itemCode);
  if (input.mixed) {
    const bottles = ['red', 'white', 'red', 'rose']
      .map((c, i) => bottle(80 + i * 48, 0.55, GLASS[c] ?? GLASS.red!, '', '#8a6d3b'))
      .join('');
    return frame(
      size,
      title,
      `${bottles}<path d="M30 250 h240 v130 h-240 z" fill="#b98a4f"/><path d="M30 250 l20 -20 h200 l20 20 z" fill="#d4a868"/><text x="150" y="330" font-family="Georgia, serif" font-size="34" text-anchor="middle" fill="#3b2612">${escapeXml(mark)} · 12</text>`,
    );
  }
  const picture = PRODUCT_KIND_LOOKS[input.productType].picture;
  if (picture === 'can') {
    return frame(
      size,
      title,
      `<rect x="100" y="90" width="100" height="280" rx="18" fill="hsl(${hue} 45% 35%)"/><rect x="108" y="80" width="84" height="20" rx="6" fill="#c0c0c0"/><rect x="100" y="180" width="100" height="110" fill="#f6efe0"/><text x="150" y="248" font-family="Arial, sans-serif" font-size="34" font-weight="700" text-anchor="middle" fill="hsl(${hue} 45% 30%)">${escapeXml(mark)}</text>`,
    );
  }
  if (picture === 'spirit') {
    return frame(
      size,
      title,
      `<rect x="135" y="40" width="30" height="50" fill="#2d2d2d"/><rect x="80" y="90" width="140" height="280" rx="20" fill="hsl(${hue} 35% 70% / 0.55)" stroke="#6b6b6b" stroke-width="3"/><rect x="95" y="190" width="110" height="110" fill="#fdfaf1"/><text x="150" y="258" font-family="Georgia, serif" font-size="36" text-anchor="middle" fill="#2d2d2d">${escapeXml(mark)}</text>`,
    );
  }
  if (picture === 'giftBox') {
    return frame(
      size,
      title,
      `<rect x="50" y="150" width="200" height="210" fill="hsl(${hue} 50% 40%)"/><rect x="40" y="120" width="220" height="50" fill="hsl(${hue} 50% 32%)"/><rect x="138" y="120" width="24" height="240" fill="#d9b45a"/><path d="M150 120 c-40 -60 -80 -20 -40 0 z M150 120 c40 -60 80 -20 40 0 z" fill="#d9b45a"/><text x="150" y="300" font-family="Georgia, serif" font-size="30" text-anchor="middle" fill="#ffffff">${escapeXml(mark)}</text>`,
    );
  }
  const palette = GLASS[input.colour] ?? GLASS.red!;
  const foil = input.colour === 'sparkling' ? '#d8b86a' : `hsl(${hue} 40% 30%)`;
  const scale = input.bottleSizeMl >= 1500 ? 1.12 : 1;
  return frame(size, title, bottle(150, scale, palette, mark, foil));
}

/** The placeholder shown for a missing image: the brand's initial on a bottle or case outline. */
export function drawPlaceholderSvg(brandName: string, kind: 'bottle' | 'case', size: ImageSize): string {
  const mark = escapeXml(brandName.slice(0, 1).toUpperCase());
  const shape =
    kind === 'case'
      ? '<path d="M40 160 h220 v200 h-220 z M40 160 l25 -30 h170 l25 30" fill="none" stroke="#9a9a9a" stroke-width="6"/>'
      : '<path d="M135 40 h30 v80 c0 25 40 30 40 70 v170 h-110 v-170 c0 -40 40 -45 40 -70 z" fill="none" stroke="#9a9a9a" stroke-width="6"/>';
  const [w, h] = PIXELS[size];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 300 400" role="img"><title>Image coming soon</title><rect width="300" height="400" fill="#f2f2f2"/>${shape}<text x="150" y="290" font-family="Georgia, serif" font-size="64" text-anchor="middle" fill="#9a9a9a">${mark}</text></svg>`;
}

// The site icon, drawn as SVG (a page with three lines of text) and rasterized to the PNG
// sizes that browsers, home screens and the web app manifest ask for.

export const ICON_COLOR = '#0a55c2';

export const PNG_ICONS: Record<string, { size: number; maskable: boolean }> = {
  'icon-32': { size: 32, maskable: false },
  'icon-192': { size: 192, maskable: false },
  'icon-512': { size: 512, maskable: false },
  'icon-maskable-512': { size: 512, maskable: true },
  'apple-touch-icon': { size: 180, maskable: true },
};

/** Maskable icons fill the square (the platform applies its own mask); others have rounded corners. */
export function iconSvg(maskable = false): string {
  const radius = maskable ? 0 : 22;
  // Maskable icons keep the artwork inside the central 80% safe zone.
  const scale = maskable ? 0.72 : 1;
  const offset = (100 - 100 * scale) / 2;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">',
    `<rect width="100" height="100" rx="${radius}" fill="${ICON_COLOR}"/>`,
    `<g transform="translate(${offset} ${offset}) scale(${scale})" fill="#fff">`,
    '<rect x="22" y="24" width="56" height="12" rx="4"/>',
    '<rect x="22" y="44" width="56" height="7" rx="3.5"/>',
    '<rect x="22" y="58" width="56" height="7" rx="3.5"/>',
    '<rect x="22" y="72" width="34" height="7" rx="3.5"/>',
    '</g></svg>',
  ].join('');
}

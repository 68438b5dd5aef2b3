/**
 * A small logo for a bank or lender that has none of its own: its initials on a colour, with its name as the
 * accessible name. White initials on every colour used here have a contrast of at least 4.5:1.
 */

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** "Kurzemes Komercbanka" → "KK" */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((word) => word.charAt(0).toLocaleUpperCase('lv'))
    .join('')
    .slice(0, 2);
}

/** Dark colours for logos nobody chose a colour for; the id picks one, so a lender keeps its colour. */
const PALETTE = ['#0b3d91', '#7a1f3d', '#1d5e3a', '#5b2a86', '#8a3b00', '#1f4f5c', '#4e342e', '#283593'] as const;

export function colourFor(id: string): string {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return PALETTE[hash % PALETTE.length] ?? PALETTE[0];
}

export function monogramSvg(entry: { readonly id: string; readonly name: string; readonly colour: string }): string {
  const name = escapeXml(entry.name);
  const titleId = `logo-${escapeXml(entry.id)}`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" role="img" aria-labelledby="${titleId}">` +
    `<title id="${titleId}">${name}</title>` +
    `<rect width="64" height="64" rx="12" fill="${escapeXml(entry.colour)}"/>` +
    `<text x="32" y="41" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', sans-serif" font-size="24" font-weight="700" fill="#ffffff">${escapeXml(initials(entry.name))}</text>` +
    `</svg>`
  );
}

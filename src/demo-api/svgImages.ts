/**
 * Product and logo pictures for the demo shops, generated as small SVGs (nothing is fetched from outside).
 * A name gives a stable colour and a short label, so every product looks different but never changes.
 */
import { createHash } from 'node:crypto';
import { escapeHtml } from './htmlPage';

/** Names the image route accepts (`/demo/images/:name.svg`). */
export const IMAGE_NAME_PATTERN = /^[a-z0-9-]{1,64}$/;

function hue(name: string, salt: string): number {
  return (
    createHash('sha256')
      .update(salt + name)
      .digest()
      .readUInt16BE(0) % 360
  );
}

/** The SVG for `name` (which must match IMAGE_NAME_PATTERN). Logos (`logo-…`) are wide; products square. */
export function demoSvg(name: string): string {
  const h1 = hue(name, 'a');
  const h2 = (h1 + 40 + (hue(name, 'b') % 80)) % 360;
  const words = name
    .replace(/^logo-/, '')
    .split('-')
    .filter((w) => w !== '');
  if (name.startsWith('logo-')) {
    const label = escapeHtml((words.join(' ') || 'logo').replace(/^./, (c) => c.toUpperCase()));
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 80" width="240" height="80" role="img" aria-label="${label}">
<rect width="240" height="80" rx="16" fill="hsl(${h1} 55% 32%)"/>
<circle cx="40" cy="40" r="22" fill="hsl(${h2} 70% 70%)"/>
<text x="74" y="50" font-family="Georgia,serif" font-size="28" fill="#fff">${label}</text></svg>`;
  }
  const initials = escapeHtml(
    words
      .slice(0, 2)
      .map((w) => w[0] ?? '')
      .join('')
      .toUpperCase() || '?',
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" role="img" aria-label="${escapeHtml(words.join(' '))}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${h1} 60% 62%)"/><stop offset="1" stop-color="hsl(${h2} 55% 40%)"/></linearGradient></defs>
<rect width="400" height="400" fill="url(#g)"/>
<circle cx="200" cy="210" r="120" fill="#fff" fill-opacity=".9"/>
<circle cx="200" cy="210" r="86" fill="hsl(${h1} 45% 85%)"/>
<text x="200" y="236" text-anchor="middle" font-family="Georgia,serif" font-size="72" fill="hsl(${h2} 50% 25%)">${initials}</text></svg>`;
}

/**
 * `node --import tsx scripts/icons.ts`: draws Runway's icon (SVG, below) and renders the PNGs the
 * manifest and iOS need with Chromium (playwright-core), into public/. The outputs are committed;
 * run this again after changing the drawing.
 *
 * The drawing: a runway seen from its threshold, and a climbing line taking off from it (money
 * planned to the end of retirement), white on the product's teal.
 *
 * Outputs:
 * - public/favicon.svg                 the icon itself (rounded square), for browsers that take SVG
 * - public/icons/icon-192.png, -512    "any" icons: the rounded square on a transparent ground
 * - public/icons/maskable-192.png, -512  full-bleed teal, the drawing inside the central 80 % circle
 *                                        that every mask shape keeps (the maskable safe zone)
 * - public/icons/apple-touch-icon.png  180 px, full-bleed and opaque (iOS rounds the corners itself)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const publicDir = path.join(root, 'public');

const TEAL_LIGHT = '#12b886';
const TEAL_DARK = '#087f5b';

/** The drawing on a 512 × 512 canvas; it spans (103, 130)–(400, 440), so it is moved up to centre it. */
const ARTWORK = `<g transform="translate(4 -29)">
  <path d="M196 440 L238 262 H274 L316 440 Z" fill="#fff" fill-opacity="0.28"/>
  <path d="M256 282 V306 M256 334 V366 M256 396 V436" stroke="#fff" stroke-width="10" stroke-linecap="round"/>
  <path d="M120 404 C 214 398 286 344 352 200" fill="none" stroke="#fff" stroke-width="34" stroke-linecap="round"/>
  <path d="M314 196 L370 140 L392 218 Z" fill="#fff" stroke="#fff" stroke-width="14" stroke-linejoin="round"/></g>`;

interface Variant {
  /** Rounded square on transparency ('any'), or a full-bleed square (maskable, iOS). */
  shape: 'rounded' | 'square';
  /** How much of the canvas the drawing takes (1 = as drawn). */
  scale: number;
}

export function iconSvg({ shape, scale }: Variant): string {
  const background = shape === 'rounded' ? `<rect width="512" height="512" rx="112" fill="url(#g)"/>` : `<rect width="512" height="512" fill="url(#g)"/>`;
  const art = scale === 1 ? ARTWORK : `<g transform="translate(256 256) scale(${scale}) translate(-256 -256)">${ARTWORK}</g>`;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">',
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${TEAL_LIGHT}"/><stop offset="1" stop-color="${TEAL_DARK}"/></linearGradient></defs>`,
    background,
    art,
    '</svg>',
  ].join('');
}

const ANY: Variant = { shape: 'rounded', scale: 1 };
// The drawing's farthest point is ~218 px from the centre; at 0.88 it stays inside the safe zone's
// radius (40 % of 512 = 205 px).
const MASKABLE: Variant = { shape: 'square', scale: 0.88 };
const APPLE: Variant = { shape: 'square', scale: 0.92 };

const PNGS: { file: string; size: number; variant: Variant }[] = [
  { file: 'icons/icon-192.png', size: 192, variant: ANY },
  { file: 'icons/icon-512.png', size: 512, variant: ANY },
  { file: 'icons/maskable-192.png', size: 192, variant: MASKABLE },
  { file: 'icons/maskable-512.png', size: 512, variant: MASKABLE },
  { file: 'icons/apple-touch-icon.png', size: 180, variant: APPLE },
];

async function main() {
  mkdirSync(path.join(publicDir, 'icons'), { recursive: true });
  writeFileSync(path.join(publicDir, 'favicon.svg'), `${iconSvg(ANY)}\n`);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    for (const { file, size, variant } of PNGS) {
      const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
      await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent">${iconSvg(variant).replace('<svg ', `<svg width="${size}" height="${size}" style="display:block" `)}</body></html>`);
      writeFileSync(path.join(publicDir, file), await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } }));
      await page.close();
      console.log(`${file} (${size} × ${size})`);
    }
  } finally {
    await browser.close();
  }
}

await main();

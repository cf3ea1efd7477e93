import type { MantineColorsTuple } from '@mantine/core';

// WCAG 2.2 1.4.3: text needs a contrast of 4.5:1 with what is behind it. Mantine's palettes draw
// text in shades 6-9 (coloured text and outlines in the filled shade, the light variant's text in
// shade 9 on shade 1, white text on filled buttons and badges), and several of them fall short
// (white on teal, orange 9 on orange 1). The theme darkens those shades, each only as far as it needs.

const TEXT_CONTRAST = 4.5;
/** The backgrounds text sits on: white, the page's gray 0, the gray 1 of inputs and hovered rows. */
const PAGE_BACKGROUNDS = ['#ffffff', '#f8f9fa', '#f1f3f5'];

const channels = (hex: string) => [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16));

/** Relative luminance (WCAG 2.2) of a #rrggbb colour. */
export function luminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = channels(hex).map((value) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two #rrggbb colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const hex = (values: number[]) => `#${values.map((value) => value.toString(16).padStart(2, '0')).join('')}`;

/**
 * The colour darkened in small steps until it reads at 4.5:1 on every one of `backgrounds` and is
 * no lighter than `darkerThan` (a palette's shades stay in order).
 */
export function readableOn(color: string, backgrounds: string[], darkerThan = '#ffffff'): string {
  const start = channels(color);
  for (let step = 0; step <= 50; step++) {
    const candidate = hex(start.map((value) => Math.round(value * (1 - step / 50))));
    const reads = backgrounds.every((background) => contrast(candidate, background) >= TEXT_CONTRAST);
    if (reads && luminance(candidate) <= luminance(darkerThan)) return candidate;
  }
  return '#000000';
}

/** The palette with its text shades (6-9) readable on the page's backgrounds and its own shades 0 and 1. */
export function readablePalette(palette: MantineColorsTuple): MantineColorsTuple {
  const backgrounds = [...PAGE_BACKGROUNDS, palette[0], palette[1]];
  const shades: string[] = [];
  for (const [index, shade] of palette.entries()) {
    shades.push(index < 6 ? shade : readableOn(shade, backgrounds, shades[index - 1]));
  }
  return shades as unknown as MantineColorsTuple;
}

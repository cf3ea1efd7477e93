import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrast, luminance } from './readable-colors';
import { theme } from './theme';

// WCAG 2.2 1.4.3: every shade the theme draws text in (6-9: coloured text, outlines, the light
// variant's text, the fill behind white text) reads at 4.5:1 on the page's backgrounds and on its
// palette's own light shades.
describe("the theme's colours", () => {
  const colors = theme.colors ?? {};
  const palettes = Object.entries(colors);

  it('has every palette of Mantine and the school blue', () => {
    expect(palettes.map(([name]) => name).sort()).toEqual(
      [...Object.keys(DEFAULT_THEME.colors).filter((name) => name !== 'dark'), 'school'].sort(),
    );
  });

  it.each(palettes)(
    '%s: text shades read at 4.5:1 on white, the grays and its own light shades',
    (_, palette) => {
      const shades = palette as readonly string[];
      const backgrounds = ['#ffffff', '#f8f9fa', '#f1f3f5', shades[0]!, shades[1]!];
      for (const shade of shades.slice(6)) {
        for (const background of backgrounds) expect(contrast(shade, background)).toBeGreaterThanOrEqual(4.5);
      }
    },
  );

  it.each(palettes)('%s: shades still go from light to dark', (_, palette) => {
    const shades = palette as readonly string[];
    for (let index = 1; index < shades.length; index++) {
      expect(luminance(shades[index]!)).toBeLessThanOrEqual(luminance(shades[index - 1]!));
    }
  });

  it("darkens Mantine's teal, whose filled shade under white text reads at only 2.9:1", () => {
    expect(contrast(DEFAULT_THEME.colors.teal[6], '#ffffff')).toBeLessThan(4.5);
    expect(contrast((colors.teal as readonly string[])[6]!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});

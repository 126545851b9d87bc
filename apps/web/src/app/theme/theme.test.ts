import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { createAppTheme } from './theme';

const FILLED = ['primary', 'secondary', 'error', 'warning', 'success', 'info'] as const;

describe('the themes', () => {
  for (const mode of ['dark', 'light'] as const) {
    const { palette } = createAppTheme(mode);

    it(`${mode}: every filled colour carries its text at 4.5:1 at least (chips, buttons, badges)`, () => {
      const weak = FILLED.map((name) => ({ name, ratio: getContrastRatio(palette[name].main, palette[name].contrastText) })).filter(
        ({ ratio }) => ratio < 4.5,
      );
      expect(weak).toEqual([]);
    });

    it(`${mode}: text and the primary colour read at 4.5:1 at least on the page and on cards`, () => {
      for (const background of [palette.background.default, palette.background.paper]) {
        expect(getContrastRatio(palette.text.primary, background)).toBeGreaterThanOrEqual(4.5);
        expect(getContrastRatio(palette.primary.main, background)).toBeGreaterThanOrEqual(4.5);
      }
    });
  }
});

/** The product's Mantine theme. Colours are Mantine's own scales, so dark mode follows them. */
import { createTheme, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'teal',
  // Teal 9 keeps text and white-on-teal buttons above the 4.5:1 contrast of WCAG AA on white.
  primaryShade: { light: 9, dark: 9 },
  // Filled badges and buttons pick black or white text by the background's luminance.
  autoContrast: true,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
  defaultRadius: 'md',
});

/** Mantine's "dimmed" grey is about 3.4:1 on cards in both schemes; these read at 4.5:1 or more. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' },
});

/** The product's Mantine theme. Colours are Mantine's own scales, so dark mode follows them. */
import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'teal',
  // Teal 7/8 keeps white button text above 4.5:1 contrast in both schemes.
  primaryShade: { light: 8, dark: 8 },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
  defaultRadius: 'md',
});

import { createTheme, type MantineColorsTuple } from '@mantine/core';

// A calm, readable blue: friendly for classrooms, strong enough contrast for buttons and links.
const school: MantineColorsTuple = [
  '#e8f3ff',
  '#d2e3fb',
  '#a3c4f3',
  '#71a4ec',
  '#4888e6',
  '#2f77e3',
  '#206ee2',
  '#115dc9',
  '#0453b5',
  '#0047a0',
];

// The Indian scripts' fonts come last, so no Latin text is drawn in them (app/styles.ts).
const FONTS =
  'Inter, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, system-ui, -apple-system, sans-serif, "Noto Sans Devanagari", "Noto Sans Tamil", "Noto Sans Bengali"';

export const theme = createTheme({
  primaryColor: 'school',
  primaryShade: 7,
  colors: { school },
  defaultRadius: 'md',
  fontFamily: FONTS,
  headings: { fontWeight: '700', fontFamily: FONTS },
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Modal: {
      defaultProps: { centered: true, radius: 'md' },
      styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } },
    },
  },
});

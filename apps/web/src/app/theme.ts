import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  type MantineColorsTuple,
} from '@mantine/core';
import { SIGN_IN_LABELS } from '@portal/shared/sign-in-messages';
import { readablePalette } from './readable-colors';

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
  // Every palette's text shades darkened to read at 4.5:1 (WCAG 1.4.3; readable-colors.ts).
  colors: {
    ...Object.fromEntries(
      Object.entries(DEFAULT_THEME.colors)
        .filter(([name]) => name !== 'dark')
        .map(([name, palette]) => [name, readablePalette(palette)]),
    ),
    school: readablePalette(school),
  },
  defaultRadius: 'md',
  fontFamily: FONTS,
  headings: { fontWeight: '700', fontFamily: FONTS },
  cursorType: 'pointer',
  // Popups, menus and notices appear without their transitions for people who asked for less motion.
  respectReducedMotion: true,
  components: {
    Button: { defaultProps: { radius: 'md' } },
    // A badge too narrow for its word (a Tamil state in a phone's table) grows a line instead of
    // cutting the word with an ellipsis: the portal's own words are never shown cut.
    Badge: {
      styles: {
        root: { height: 'auto', minHeight: 'var(--badge-height)' },
        label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip' },
      },
    },
    // A table wider than a phone scrolls sideways: its scroller takes focus, so the keyboard can
    // scroll it (WCAG 2.1.1).
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
    // No focus placeholder in a menu: its first item takes the focus (a menu holds only items).
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // A date picked from a calendar gives the focus back to its field (WCAG 2.4.3), not to the page.
    DatePickerInput: { defaultProps: { popoverProps: { returnFocus: true } } },
    DateTimePicker: { defaultProps: { popoverProps: { returnFocus: true } } },
    Modal: {
      // The close button is an icon: it is named for screen readers (WCAG 4.1.2).
      defaultProps: {
        centered: true,
        radius: 'md',
        closeButtonProps: { 'aria-label': SIGN_IN_LABELS.close },
      },
      styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } },
    },
  },
});

/**
 * Dimmed text in gray 7 rather than Mantine's gray 6: secondary texts sit on white, the page's
 * gray and the light blue of a chosen card, and must read at 4.5:1 on each; placeholders in the
 * (darkened) gray 6 rather than gray 5.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
  },
  dark: {},
});

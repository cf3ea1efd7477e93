/**
 * Props for a Button whose label may be long (a name in it): the label wraps inside the button
 * instead of pushing it past the edge of a phone's screen (outside a Group, which limits its
 * children's width, give it a `maw` too).
 */
export const WRAPPING_BUTTON = {
  h: 'auto',
  styles: { label: { whiteSpace: 'normal', textAlign: 'center', paddingBlock: 6 } },
} as const;

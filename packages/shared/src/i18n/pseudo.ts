import { type Catalogue, ENGLISH } from './catalogue.js';

// The pseudo-locale (en-XA): every catalogue text accented, a third longer and bracketed, so a
// screen shows at a glance, and a browser test checks, which words did not come from the
// catalogue, and whether the layout survives longer translations. Arguments (`{name}`, and the
// literal braces of the import help) are kept as they are.

const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, index) => [
    letter,
    [...'àƀçđéƒĝĥíĵķĺɱñóƥʠŕšţúṽŵẋýžÀƁÇĐÉƑĜĤÍĴĶĹṀÑÓƤɊŔŠŢÚṼŴẊÝŽ'][index]!,
  ]),
);

export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';

/** One text in the pseudo-locale: letters outside `{…}` accented, padded by a third, bracketed. */
export function pseudoText(text: string): string {
  let depth = 0;
  let out = '';
  let letters = 0;
  for (const char of text) {
    if (char === '{') depth += 1;
    if (depth === 0 && ACCENTED[char]) {
      out += ACCENTED[char];
      letters += 1;
    } else out += char;
    if (char === '}') depth = Math.max(0, depth - 1);
  }
  return `${PSEUDO_OPEN}${out}${'·'.repeat(Math.ceil(letters / 3))}${PSEUDO_CLOSE}`;
}

const pseudoGroup = (group: Readonly<Record<string, string>>) =>
  Object.fromEntries(Object.entries(group).map(([key, text]) => [key, pseudoText(text)]));

/** The whole catalogue in the pseudo-locale. */
export function pseudoCatalogue(): Catalogue {
  return {
    messages: pseudoGroup(ENGLISH.messages) as Catalogue['messages'],
    labels: pseudoGroup(ENGLISH.labels) as Catalogue['labels'],
    questionTypes: pseudoGroup(ENGLISH.questionTypes) as Catalogue['questionTypes'],
    reportMarks: pseudoGroup(ENGLISH.reportMarks) as Catalogue['reportMarks'],
    navigation: pseudoGroup(ENGLISH.navigation),
    importHelp: ENGLISH.importHelp.map(pseudoText) as unknown as Catalogue['importHelp'],
  };
}

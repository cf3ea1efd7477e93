/**
 * Answers written with JSON made once. The hot student lists (a chapter's topics, the pending
 * topics' cards, the day's plan, a subject's chapters with progress) are made of parts that are
 * the same for every student, kept shared in the read cache. Writing each answer whole with
 * JSON.stringify turned the same parts into text again on every request; here a shared part's
 * text is made once and reused while the part is kept.
 *
 * A part marked shared must never change afterwards (the read cache's answers never do). The
 * answer written is the same JSON as JSON.stringify's, keys perhaps in another order: in tests
 * every answer is checked against it (app.ts).
 */

/**
 * The marks are symbol-keyed fields (JSON.stringify and the schemas pass them by): a WeakMap
 * entry per object costs more than writing a small one. Each mark points back at its own object,
 * so a copy (a spread) of a marked object is not taken for it and is written whole.
 */
const SHARED = Symbol('shared part');
const TEXT = Symbol('shared part’s JSON');
const LIST = Symbol('list of parts');
const EXTENDED = Symbol('a shared part with fields of its own');
const PART = Symbol('the shared part extended');
const OWN = Symbol('the own fields');

interface Marks {
  [SHARED]?: object;
  [TEXT]?: string;
  [LIST]?: object;
  [EXTENDED]?: object;
  [PART]?: object;
  [OWN]?: OwnFields;
}

/** The names of an extended part's own fields, each with its JSON key made once. */
export type OwnFields = readonly { key: string; text: string }[];

/** Own fields named `keys`, for `extendedPart`. */
export const ownFields = (keys: readonly string[]): OwnFields =>
  keys.map((key) => ({ key, text: `${JSON.stringify(key)}:` }));

const marks = (value: object) => value as Marks;

/** Marks `value` (never changed afterwards) as shared: its JSON is made once. */
export function sharedPart<T extends object>(value: T): T {
  marks(value)[SHARED] = value;
  return value;
}

/** Marks a list made per request whose items may be shared parts. */
export function listOfParts<T extends object[]>(items: T): T {
  marks(items)[LIST] = items;
  return items;
}

/**
 * Marks `value` as the shared `part`'s fields plus the `own` ones (a student's card of a topic
 * every student shares: their batch subject, their time): written as the part's JSON made once
 * with the own fields after it. `value` must hold exactly the part's fields, with the part's
 * values, and the own ones; `part` is made shared here.
 */
export function extendedPart<T extends object>(value: T, part: object, own: OwnFields): T {
  const marked = marks(value);
  marked[EXTENDED] = value;
  marked[PART] = sharedPart(part);
  marked[OWN] = own;
  return value;
}

/** A shared part's JSON, made on first use. */
function textOf(part: object): string {
  const marked = marks(part);
  marked[TEXT] ??= JSON.stringify(part) ?? 'null';
  return marked[TEXT];
}

/** `value`'s JSON as JSON.stringify gives it, a shared part's made once. */
export function jsonOf(value: unknown): string | undefined {
  return typeof value === 'object' && value !== null && marks(value)[SHARED] === value
    ? textOf(value)
    : JSON.stringify(value);
}

/** `value`'s JSON: shared parts reused. The envelope and its data are the only levels walked. */
export function answerJson(value: unknown): string {
  return write(value, 0) ?? 'null';
}

function write(value: unknown, depth: number): string | undefined {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const marked = marks(value);
  if (marked[SHARED] === value) return textOf(value);
  if (marked[EXTENDED] === value) return writeExtended(value, marked[PART]!, marked[OWN]!);
  if (Array.isArray(value)) return marked[LIST] === value ? writeList(value, depth) : JSON.stringify(value);
  // Only plain objects are walked: a Date, a class's instance or anything with toJSON is written whole.
  if (depth > 1 || !isPlainObject(value)) return JSON.stringify(value);
  let out = '{';
  for (const key of Object.keys(value)) {
    const text = write((value as Record<string, unknown>)[key], depth + 1);
    if (text === undefined) continue;
    out += `${out.length > 1 ? ',' : ''}${JSON.stringify(key)}:${text}`;
  }
  return `${out}}`;
}

function writeExtended(value: object, part: object, own: OwnFields): string {
  const base = textOf(part);
  let out = base.slice(0, -1);
  let empty = base.length === 2;
  for (const field of own) {
    const text = JSON.stringify((value as Record<string, unknown>)[field.key]);
    if (text === undefined) continue;
    out += `${empty ? '' : ','}${field.text}${text}`;
    empty = false;
  }
  return `${out}}`;
}

function isPlainObject(value: object): boolean {
  const prototype = Object.getPrototypeOf(value);
  return (
    (prototype === Object.prototype || prototype === null) &&
    typeof (value as { toJSON?: unknown }).toJSON !== 'function'
  );
}

function writeList(items: unknown[], depth: number): string {
  let out = '[';
  for (let index = 0; index < items.length; index += 1) {
    out += `${index > 0 ? ',' : ''}${write(items[index], depth + 1) ?? 'null'}`;
  }
  return `${out}]`;
}

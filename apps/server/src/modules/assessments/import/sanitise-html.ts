import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';
import { FILES_PREFIX, safeKey } from '../../../lib/storage-keys.js';
import { IMPORT_LIMITS } from './limits.js';

/** How a text of a question file is written (GIFT's [html]/[markdown]/[plain], Moodle's `format`). */
export type TextFormat = 'html' | 'markdown' | 'plain';

/** Decision 27: the only markup a question or option keeps. */
const ALLOWED_TAGS = ['p', 'br', 'b', 'i', 'u', 'sub', 'sup', 'ul', 'ol', 'li', 'img'];

/** An image stays only when it is a file of the portal's own storage (`/files/<key>`). */
export function isStorageImage(src: string | undefined): boolean {
  if (!src?.startsWith(FILES_PREFIX)) return false;
  return safeKey(src.slice(FILES_PREFIX.length)) !== null;
}

const SANITISE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { img: ['src', 'alt'] },
  allowedSchemes: [],
  allowedSchemesAppliedToAttributes: ['src'],
  allowProtocolRelative: false,
  // Moodle's editors write strong/em and div paragraphs: keep their meaning within the allow-list.
  transformTags: {
    strong: 'b',
    em: 'i',
    div: 'p',
    h1: 'p',
    h2: 'p',
    h3: 'p',
    h4: 'p',
    h5: 'p',
    h6: 'p',
  },
  exclusiveFilter: (frame) =>
    (frame.tag === 'img' && !isStorageImage(frame.attribs.src)) ||
    (frame.tag === 'p' && !frame.text.trim() && frame.mediaChildren.length === 0),
  // Anything not allowed is dropped and its text kept (script and style lose their text too).
  disallowedTagsMode: 'discard',
  nestingLimit: 20,
};

/** How much longer than the stored limit a source may be (inline styles, Word's markup). */
const SOURCE_FACTOR = 4;

const markdown = new MarkdownIt({ html: true, linkify: false, typographer: false });

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\n': '<br />',
};

/** Escapes text for HTML; line breaks become `<br />`. */
export function plainTextToHtml(text: string): string {
  return text.trim().replace(/[&<>"\n]/g, (character) => ESCAPES[character]!);
}

/** Any markup cut down to the allow-list of decision 27; everything else becomes its text. */
export function sanitiseHtml(html: string): string {
  return sanitizeHtml(html, SANITISE_OPTIONS).trim();
}

/**
 * A question's or an option's text as safe HTML; an option's Markdown is rendered without a
 * paragraph around it (an option is one line).
 */
export function toSafeHtml(text: string, format: TextFormat, role: 'title' | 'option'): string {
  // A source this much longer than what may be stored is only escaped, not parsed: the result is
  // longer still and fails the length check, and the HTML and Markdown parsers (whose work grows
  // faster than the text with deep nesting) never see a hostile megabyte.
  const limit = role === 'title' ? IMPORT_LIMITS.titleChars : IMPORT_LIMITS.optionChars;
  if (format === 'plain' || text.length > limit * SOURCE_FACTOR) return plainTextToHtml(text);
  if (format === 'markdown') {
    return sanitiseHtml(role === 'option' ? markdown.renderInline(text) : markdown.render(text));
  }
  const html = sanitiseHtml(text);
  return role === 'option' ? unwrapParagraph(html) : html;
}

const ONE_PARAGRAPH = /^<p>((?:(?!<\/?p>).)*)<\/p>$/s;

/** Moodle wraps nearly every answer in one `<p>`: an option is one line, so that one is dropped. */
function unwrapParagraph(html: string): string {
  return ONE_PARAGRAPH.exec(html)?.[1]?.trim() ?? html;
}

/**
 * True when safe HTML (this file's output) shows nothing: no text but white space, and no
 * picture. Its tags are the allow-list's, well formed, so a pattern can strip them.
 */
export function isBlankHtml(html: string): boolean {
  if (/<img\s/i.test(html)) return false;
  return !html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;|\u00a0/g, ' ')
    .trim();
}

import DOMPurify from 'dompurify';

/**
 * What a question title may hold (decision 27): the server stores titles already cut to this
 * list; the browser cuts again before rendering, so nothing else can ever reach the page.
 */
export const QUESTION_HTML_TAGS = ['p', 'br', 'b', 'i', 'u', 'sub', 'sup', 'ul', 'ol', 'li', 'img'];

/** Pictures only from the portal's own storage. */
const isOwnFile = (src: string | null) => Boolean(src?.startsWith('/files/'));

const purifier = DOMPurify();
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName === 'IMG' && !isOwnFile(node.getAttribute('src'))) node.removeAttribute('src');
});

/** A question title as HTML that is safe to render (the allow-list above, pictures of the portal). */
export function safeQuestionHtml(title: string): string {
  return purifier.sanitize(title, {
    ALLOWED_TAGS: QUESTION_HTML_TAGS,
    ALLOWED_ATTR: ['src', 'alt'],
    ALLOW_DATA_ATTR: false,
  });
}

/**
 * An option as safe HTML to put inside a label or a line: the same allow-list, with paragraphs
 * (Moodle wraps nearly every answer in one) made spans, since a label may hold only inline content.
 * The sanitiser's output writes every paragraph as a bare `<p>`, so the tags can be swapped as text.
 */
export function safeOptionHtml(option: string): string {
  return safeQuestionHtml(option).replaceAll('<p>', '<span data-paragraph="">').replaceAll('</p>', '</span>');
}

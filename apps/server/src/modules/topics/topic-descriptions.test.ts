import { formatMessage, MAX_JSON_DEPTH, MESSAGES, RICH_TEXT_MAX_DEPTH } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topics } from '../../db/schema/index.js';
import { contentFactory, doc } from '../../test/factories/topics.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let school: Awaited<ReturnType<TestApp['createSchool']>>;
let chapterId: string;
let topicId: string;
beforeAll(async () => {
  t = await createTestApp();
  school = await t.createSchool();
  const content = contentFactory(t);
  const subject = await content.createSubject(school.institution.id);
  chapterId = (await content.createChapter(school.institution.id, subject.id)).id;
  topicId = (await content.createTopic(school.institution.id, chapterId)).id;
});
afterAll(() => t.close());

const text = (value: string, marks?: unknown[]) => ({
  type: 'text',
  text: value,
  ...(marks ? { marks } : {}),
});
const paragraph = (...content: unknown[]) => ({ type: 'paragraph', content });

/** A description with every node and mark the editor makes, as its getJSON() writes them. */
const everything = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [text('Light')] },
    paragraph(
      text('bold ', [{ type: 'bold' }]),
      text('italic ', [{ type: 'italic' }]),
      text('underlined ', [{ type: 'underline' }]),
      text('struck ', [{ type: 'strike' }]),
      text('code ', [{ type: 'code' }]),
      text('a link', [
        {
          type: 'link',
          attrs: {
            href: 'https://example.com/a',
            target: '_blank',
            rel: 'noopener noreferrer nofollow',
            class: null,
            title: null,
          },
        },
        { type: 'bold' },
      ]),
      { type: 'hardBreak' },
      text('mail', [{ type: 'link', attrs: { href: 'mailto:office@school.test' } }]),
    ),
    {
      type: 'bulletList',
      content: [
        {
          type: 'listItem',
          content: [
            paragraph(text('outer')),
            {
              type: 'orderedList',
              attrs: { start: 3, type: null },
              content: [{ type: 'listItem', content: [paragraph(text('inner'))] }],
            },
          ],
        },
      ],
    },
    { type: 'blockquote', content: [paragraph(text('quoted'))] },
    { type: 'codeBlock', attrs: { language: null }, content: [text('let x = 1;')] },
    { type: 'horizontalRule' },
    { type: 'paragraph' },
  ],
};

/** Quotes in quotes: a document `levels` nodes deep (document, quotes, paragraph, text). */
function nestedDoc(levels: number): unknown {
  let node: unknown = paragraph(text('deep'));
  for (let level = 4; level <= levels; level++) node = { type: 'blockquote', content: [node] };
  return { type: 'doc', content: [node] };
}

const create = (wysiwyg_state: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/topics',
    payload: {
      title: t.unique('Topic '),
      type: 'image',
      content_uri: '/files/x.png',
      chapter_id: chapterId,
      author_id: school.accounts.faculty.entityId,
      wysiwyg_state,
    },
    headers: bearer(school.tokens.moderator),
  });
const edit = (wysiwyg_state: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/topics/${topicId}`,
    payload: { wysiwyg_state },
    headers: bearer(school.tokens.moderator),
  });
const storedDescription = async () =>
  (await t.db.select().from(topics).where(eq(topics.id, topicId)))[0]!.wysiwygState;

describe('topic descriptions (Tiptap JSON)', () => {
  it('keep every node and mark the editor makes, as sent', async () => {
    const response = await create(everything);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.topic.wysiwyg_state).toEqual(everything);
    expect((await edit(everything)).statusCode).toBe(200);
    expect(await storedDescription()).toEqual(everything);
  });

  it.each([
    [
      'a node the editor lacks',
      { type: 'doc', content: [{ type: 'image', attrs: { src: 'https://x.test/a.png' } }] },
    ],
    [
      'a mark the editor lacks',
      { type: 'doc', content: [paragraph(text('red', [{ type: 'textStyle', attrs: { color: 'red' } }]))] },
    ],
    [
      'an attribute the editor lacks',
      { type: 'doc', content: [{ ...paragraph(text('x')), attrs: { textAlign: 'center' } }] },
    ],
    [
      'a heading level beyond 6',
      { type: 'doc', content: [{ type: 'heading', attrs: { level: 7 }, content: [text('x')] }] },
    ],
    [
      'a list holding a paragraph',
      { type: 'doc', content: [{ type: 'bulletList', content: [paragraph(text('x'))] }] },
    ],
    ['a paragraph holding a paragraph', { type: 'doc', content: [paragraph(paragraph(text('x')))] }],
    ['an empty text node', { type: 'doc', content: [paragraph(text('x'), text(''))] }],
    [
      'marks in a code block',
      { type: 'doc', content: [{ type: 'codeBlock', content: [text('x', [{ type: 'bold' }])] }] },
    ],
    ['a mark twice', { type: 'doc', content: [paragraph(text('x', [{ type: 'bold' }, { type: 'bold' }]))] }],
    ['an HTML string', '<p onclick="x()">Hello</p>'],
  ])('are refused with %s, and the stored one is kept', async (_name, description) => {
    const before = await storedDescription();
    for (const response of [await create(description), await edit(description)]) {
      expect(response.statusCode, response.body).toBe(400);
      expect(
        response.json().error.fields.wysiwyg_state ?? Object.values(response.json().error.fields)[0],
      ).toBe(MESSAGES.richTextUnsupported);
    }
    expect(await storedDescription()).toEqual(before);
  });

  it.each([
    'javascript:alert(1)',
    'data:text/html,<script>x</script>',
    '//evil.test/x',
    ' vbscript:x',
    // Browsers read these as '//evil.test/x': another host, not a path of the portal.
    '/\\evil.test/x',
    '/\t/evil.test/x',
  ])('refuse a link to %s', async (href) => {
    const linked = { type: 'doc', content: [paragraph(text('see', [{ type: 'link', attrs: { href } }]))] };
    const response = await edit(linked);
    expect(response.statusCode).toBe(400);
    expect(Object.values(response.json().error.fields)).toContain(MESSAGES.richTextBadLink);
  });

  it(`are at most ${RICH_TEXT_MAX_DEPTH} levels deep; a deeper one is refused, thousands deep too`, async () => {
    const deepest = nestedDoc(RICH_TEXT_MAX_DEPTH);
    expect((await edit(deepest)).statusCode).toBe(200);
    expect(await storedDescription()).toEqual(deepest);

    const tooDeep = await edit(nestedDoc(RICH_TEXT_MAX_DEPTH + 1));
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json().error.fields.wysiwyg_state).toBe(
      formatMessage(MESSAGES.richTextTooDeep, { max: String(RICH_TEXT_MAX_DEPTH) }),
    );

    // Built as text: a value this deep is more than JSON.stringify can walk.
    const levels = 5_000;
    const open = '{"type":"blockquote","content":['.repeat(levels);
    const thousands = `{"wysiwyg_state":{"type":"doc","content":[${open}{"type":"paragraph"}${']}'.repeat(levels)}]}}`;
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/topics/${topicId}`,
      payload: thousands,
      headers: { ...bearer(school.tokens.moderator), 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.wysiwyg_state).toBe(
      formatMessage(MESSAGES.nestedTooDeeply, { max: String(MAX_JSON_DEPTH) }),
    );
    expect(await storedDescription()).toEqual(deepest);
  });

  it('still open when written by the test factories and the demo data', async () => {
    expect((await edit(doc('Plants make food from light.'))).statusCode).toBe(200);
  });
});

import { MantineProvider } from '@mantine/core';
import { isSafeRichTextHref } from '@portal/shared/links';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TiptapContent } from './TiptapContent';

/** A stored description whose one word carries a link to `href`. */
const linked = (href: string) => ({
  type: 'doc',
  content: [
    {
      type: 'paragraph',
      content: [{ type: 'text', text: 'read more', marks: [{ type: 'link', attrs: { href } }] }],
    },
  ],
});

const render = (doc: unknown) =>
  renderToStaticMarkup(createElement(MantineProvider, null, createElement(TiptapContent, { doc })));

const anchorOf = (html: string) => /<a [^>]*href="([^"]*)"/.exec(html)?.[1] ?? null;

describe('TiptapContent renders a link only where the shared rule allows it', () => {
  const cases = [
    'https://example.com/notes',
    'HTTP://example.com',
    'mailto:teacher@school.test',
    '/files/inst/notes.pdf',
    ' /me/notes ',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox',
    '//evil.example/path',
    '/\\evil.example/path',
    '/\t/evil.example/path',
    'files/relative.pdf',
    '',
  ];

  it.each(cases)('%j', (href) => {
    const shown = anchorOf(render(linked(href)));
    if (isSafeRichTextHref(href)) expect(shown).toBe(href.trim());
    else expect(shown).toBeNull();
  });

  it('drops links to another host dressed as the portal’s own paths', () => {
    for (const href of ['//evil.example', '/\\evil.example', '/\t/evil.example', '/\n/evil.example']) {
      expect(isSafeRichTextHref(href), JSON.stringify(href)).toBe(false);
      expect(anchorOf(render(linked(href))), JSON.stringify(href)).toBeNull();
    }
  });

  it('keeps the text of a refused link', () => {
    expect(render(linked('javascript:alert(1)'))).toContain('read more');
  });
});

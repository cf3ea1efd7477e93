import { describe, expect, it } from 'vitest';
import { isBlankHtml, plainTextToHtml, sanitiseHtml, toSafeHtml } from './sanitise-html.js';

describe('sanitising question HTML (decision 27)', () => {
  it("keeps an option's formatting and drops the one paragraph Moodle wraps it in", () => {
    expect(toSafeHtml('<p>H<sub>2</sub>O</p>', 'html', 'option')).toBe('H<sub>2</sub>O');
    expect(toSafeHtml('<p dir="ltr" style="text-align: left;">x<sup>2</sup></p>', 'html', 'option')).toBe(
      'x<sup>2</sup>',
    );
    // Two paragraphs stay two; a title keeps its paragraph.
    expect(toSafeHtml('<p>one</p><p>two</p>', 'html', 'option')).toBe('<p>one</p><p>two</p>');
    expect(toSafeHtml('<p>H<sub>2</sub>O</p>', 'html', 'title')).toBe('<p>H<sub>2</sub>O</p>');
    // Text from CSV and Aiken is text: its markup is escaped, shown as typed.
    expect(toSafeHtml('<img src=x onerror=alert(1)>', 'plain', 'option')).toBe(
      '&lt;img src=x onerror=alert(1)&gt;',
    );
  });

  it('keeps the allow-list: p, br, b, i, u, sub, sup, ul, ol, li', () => {
    const html =
      '<p>H<sub>2</sub>O and x<sup>2</sup> <b>b</b> <i>i</i> <u>u</u><br /></p><ul><li>one</li></ul><ol><li>two</li></ol>';
    expect(sanitiseHtml(html)).toBe(html);
  });

  it('drops scripts and styles with their text, and every event handler', () => {
    expect(sanitiseHtml('<p onclick="steal()">Hi<script>alert(1)</script><style>p{}</style></p>')).toBe(
      '<p>Hi</p>',
    );
    expect(sanitiseHtml('<svg onload="alert(1)"><script>alert(2)</script></svg>Text')).toBe('Text');
    expect(sanitiseHtml('<iframe src="https://evil.example"></iframe>Text')).toBe('Text');
  });

  it('turns links, javascript: ones too, into their text', () => {
    expect(
      sanitiseHtml('<a href="javascript:alert(1)">click</a> and <a href="https://x.test">there</a>'),
    ).toBe('click and there');
    expect(sanitiseHtml('<a href="jav&#x61;script:alert(1)">x</a>')).toBe('x');
  });

  it("keeps a picture only from the portal's own storage, without its handlers", () => {
    expect(sanitiseHtml('<img src="/files/inst/abc-cell.png" alt="Cell" onerror="alert(1)" width="9">')).toBe(
      '<img src="/files/inst/abc-cell.png" alt="Cell" />',
    );
    for (const src of [
      'https://evil.example/x.png',
      '//evil.example/x.png',
      'data:image/png;base64,AAAA',
      'javascript:alert(1)',
      '/files/../api/users',
      '/files/inst/%2e%2e/x.png',
      '/api/files/x.png',
      '@@PLUGINFILE@@/logo.jpg',
    ]) {
      expect(sanitiseHtml(`<p>Look: <img src="${src}" alt="x"></p>`), src).toBe('<p>Look: </p>');
    }
    expect(sanitiseHtml('<img onerror="alert(1)" src=x>')).toBe('');
  });

  it('keeps the meaning of strong, em and headings within the allow-list', () => {
    expect(
      sanitiseHtml('<h2>Title</h2><strong>bold</strong> <em>it</em> <span style="color:red">red</span>'),
    ).toBe('<p>Title</p><b>bold</b> <i>it</i> red');
  });

  it('drops empty paragraphs and limits nesting', () => {
    expect(sanitiseHtml('<p></p><p> </p><p>Text</p><p><img src="/files/i/a.png"></p>')).toBe(
      '<p>Text</p><p><img src="/files/i/a.png" /></p>',
    );
    expect(sanitiseHtml(`${'<b>'.repeat(100)}deep`)).toBe(`${'<b>'.repeat(20)}deep${'</b>'.repeat(20)}`);
  });

  it('escapes plain text, and renders Markdown before sanitising it', () => {
    expect(plainTextToHtml(' a < b & "c"\nd ')).toBe('a &lt; b &amp; &quot;c&quot;<br />d');
    expect(toSafeHtml('Is **this** <script>x</script>[a link](https://x.test)?', 'markdown', 'title')).toBe(
      '<p>Is <b>this</b> a link?</p>',
    );
    // Markdown-it refuses to make a javascript: link: it stays inert text.
    expect(toSafeHtml('[a link](javascript:alert(1))', 'markdown', 'title')).toBe(
      '<p>[a link](javascript:alert(1))</p>',
    );
    expect(toSafeHtml('*one*', 'markdown', 'option')).toBe('<i>one</i>');
  });

  it('only escapes a source far longer than may be stored, instead of parsing it', () => {
    const huge = `<b>${'x'.repeat(20_001)}</b>`;
    expect(toSafeHtml(huge, 'html', 'title')).toBe(`&lt;b&gt;${'x'.repeat(20_001)}&lt;/b&gt;`);
    expect(toSafeHtml('<b>x</b>', 'html', 'title')).toBe('<b>x</b>');
  });

  it('sees HTML as blank when it shows neither text nor picture', () => {
    expect(isBlankHtml('<p> </p><br />')).toBe(true);
    expect(isBlankHtml('<p>&nbsp;\u00a0</p>')).toBe(true);
    expect(isBlankHtml('<p><img src="/files/i/a.png" /></p>')).toBe(false);
    expect(isBlankHtml('0')).toBe(false);
  });
});

import type { TiptapDoc } from '@portal/shared';
import { MESSAGES } from '@portal/shared/messages';
import { describe, expect, it } from 'vitest';
import {
  emptyTopicValues,
  fileNameOf,
  type TopicFormValues,
  topicFormError,
  toUpdateBody,
} from './topic-form';

const doc = (text: string): TiptapDoc => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: text ? [{ type: 'text', text }] : [] }],
});

const filled = (): TopicFormValues => ({
  title: 'Light',
  type: 'image',
  content_uri: '/files/school/leaf.png',
  wysiwyg_state: doc('How light travels'),
  author_id: '0b5c2a56-4b8e-4c1a-9d7e-1f2a3b4c5d6e',
  notes: [],
});

describe('topicFormError (management §5)', () => {
  it('accepts a filled form', () => {
    expect(topicFormError(filled(), true)).toBeNull();
  });

  it.each([
    ['title', { title: '  ' }],
    ['type', { type: '' as const }],
    ['content', { content_uri: '' }],
    ['description', { wysiwyg_state: doc('') }],
    ['description', { wysiwyg_state: null }],
    ['author', { author_id: '' }],
  ])('asks to fill the form without a %s', (_name, change) => {
    expect(topicFormError({ ...filled(), ...change }, true)).toBe(MESSAGES.fillTheForm);
    expect(topicFormError(emptyTopicValues(), false)).toBe(MESSAGES.fillTheForm);
  });

  it('does not need an author where the form has none required (standalone edit)', () => {
    expect(topicFormError({ ...filled(), author_id: '' }, false)).toBeNull();
    expect(toUpdateBody({ ...filled(), author_id: '' })).not.toHaveProperty('author_id');
  });

  it('refuses a link that is neither http(s) nor the portal’s own file', () => {
    expect(topicFormError({ ...filled(), type: 'audio', content_uri: 'javascript:alert(1)' }, true)).toBe(
      'Please give a valid link.',
    );
    expect(
      topicFormError({ ...filled(), type: 'audio', content_uri: 'https://cdn.test/a.mp3' }, true),
    ).toBeNull();
  });
});

describe('topicFormError on the description', () => {
  it('says what the server would refuse before sending: an unsafe link, formatting the editor lacks', () => {
    const linked = (href: string): TiptapDoc => ({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [{ type: 'text', text: 'see', marks: [{ type: 'link', attrs: { href } }] }],
        },
      ],
    });
    expect(topicFormError({ ...filled(), wysiwyg_state: linked('javascript:alert(1)') }, true)).toBe(
      MESSAGES.richTextBadLink,
    );
    expect(topicFormError({ ...filled(), wysiwyg_state: linked('https://example.com') }, true)).toBeNull();
    const foreign = {
      type: 'doc',
      content: [{ type: 'image', attrs: { src: 'x.png' } }, ...doc('words').content!],
    } as unknown as TiptapDoc;
    expect(topicFormError({ ...filled(), wysiwyg_state: foreign }, true)).toBe(MESSAGES.richTextUnsupported);
  });
});

describe('fileNameOf', () => {
  it('takes the last path segment', () => {
    expect(fileNameOf('/files/a/b/notes%201.pdf')).toBe('notes 1.pdf');
    expect(fileNameOf('/files/school/6e4e9a33469e132cf08dd296-lens-notes.txt')).toBe('lens-notes.txt');
    expect(fileNameOf('https://x.test/y/z.pdf?sig=1')).toBe('z.pdf');
  });
});

import { describe, expect, it } from 'vitest';
import { tiptapText } from './topics';

const text = (value: string, marks?: { type: string }[]) => ({
  type: 'text',
  text: value,
  ...(marks && { marks }),
});
const paragraph = (...content: unknown[]) => ({ type: 'paragraph', content });
const item = (value: string) => ({ type: 'listItem', content: [paragraph(text(value))] });

describe('tiptapText', () => {
  it('keeps bullet items and paragraphs apart, one line each', () => {
    const doc = {
      type: 'doc',
      content: [
        paragraph(text('Magnetic field lines:')),
        { type: 'bulletList', content: [item('They leave the north pole'), item('They never cross')] },
        { type: 'heading', attrs: { level: 2 }, content: [text('Summary')] },
      ],
    };
    expect(tiptapText(doc)).toBe(
      'Magnetic field lines:\nThey leave the north pole\nThey never cross\nSummary',
    );
  });

  it('joins the marked pieces of one paragraph as written', () => {
    const doc = {
      type: 'doc',
      content: [paragraph(text('photo'), text('synthesis', [{ type: 'bold' }]), text(' needs light'))],
    };
    expect(tiptapText(doc)).toBe('photosynthesis needs light');
  });

  it('breaks the line at a hard break and collapses spaces inside a line', () => {
    const doc = {
      type: 'doc',
      content: [paragraph(text('  V =  I x R ')), paragraph(text('a'), { type: 'hardBreak' }, text('b'))],
    };
    expect(tiptapText(doc)).toBe('V = I x R\na\nb');
  });

  it('is empty for an empty document or anything that is not one', () => {
    expect(tiptapText({ type: 'doc', content: [paragraph()] })).toBe('');
    expect(tiptapText({ type: 'doc', content: [paragraph(text('   '))] })).toBe('');
    expect(tiptapText(null)).toBe('');
    expect(tiptapText('text')).toBe('');
  });
});

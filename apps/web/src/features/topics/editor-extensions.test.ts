import {
  RICH_TEXT_MARK_ATTRS,
  RICH_TEXT_NODE_ATTRS,
  tiptapDocSchema,
} from '@portal/shared/schemas/rich-text';
import { getSchema } from '@tiptap/react';
import { describe, expect, it } from 'vitest';
import { DESCRIPTION_EXTENSIONS } from './editor-extensions';

const schema = getSchema(DESCRIPTION_EXTENSIONS);
const attrsOf = (spec: { attrs?: Record<string, unknown> }) => Object.keys(spec.attrs ?? {}).sort();
const sorted = (record: Record<string, readonly string[]>) =>
  Object.fromEntries(
    Object.entries(record)
      .map(([name, attrs]) => [name, [...attrs].sort()] as const)
      .sort(([a], [b]) => a.localeCompare(b)),
  );

describe('the description editor and the shared rich-text schema', () => {
  it('know the same nodes and marks, with the same attributes', () => {
    const nodes = Object.fromEntries(
      Object.entries(schema.nodes)
        .map(([name, type]) => [name, attrsOf(type.spec)] as const)
        .sort(([a], [b]) => a.localeCompare(b)),
    );
    const marks = Object.fromEntries(
      Object.entries(schema.marks)
        .map(([name, type]) => [name, attrsOf(type.spec)] as const)
        .sort(([a], [b]) => a.localeCompare(b)),
    );
    expect(nodes).toEqual(sorted(RICH_TEXT_NODE_ATTRS));
    expect(marks).toEqual(sorted(RICH_TEXT_MARK_ATTRS));
  });

  it('accepts every node and mark as the editor writes them, attributes included', () => {
    const text = (value: string, ...marks: string[]) =>
      schema.text(
        value,
        marks.map((name) =>
          name === 'link'
            ? schema.marks.link!.create({ href: 'https://example.com' })
            : schema.marks[name]!.create(),
        ),
      );
    const paragraph = (...content: ReturnType<typeof text>[]) =>
      schema.nodes.paragraph!.create(null, content);
    const item = (...content: ReturnType<typeof paragraph>[]) => schema.nodes.listItem!.create(null, content);
    const doc = schema.nodes.doc!.create(null, [
      schema.nodes.heading!.create({ level: 2 }, text('Light')),
      paragraph(
        text('bold ', 'bold'),
        text('italic ', 'italic'),
        text('underlined ', 'underline'),
        text('struck ', 'strike'),
        text('code ', 'code'),
        text('a link', 'link', 'bold'),
      ),
      schema.nodes.paragraph!.create(null, [text('line'), schema.nodes.hardBreak!.create(), text('break')]),
      schema.nodes.bulletList!.create(null, [
        schema.nodes.listItem!.create(null, [
          paragraph(text('outer')),
          schema.nodes.orderedList!.create({ start: 3 }, [item(paragraph(text('inner')))]),
        ]),
      ]),
      schema.nodes.blockquote!.create(null, [paragraph(text('quoted'))]),
      schema.nodes.codeBlock!.create({ language: 'js' }, text('let x = 1;')),
      schema.nodes.horizontalRule!.create(),
      paragraph(),
    ]);
    doc.check();
    const used = new Set<string>();
    doc.descendants((node) => {
      used.add(node.type.name);
      for (const mark of node.marks) used.add(mark.type.name);
    });
    used.add('doc');
    // The document holds every node and mark the editor knows, so none goes untested.
    expect([...used].sort()).toEqual([...Object.keys(schema.nodes), ...Object.keys(schema.marks)].sort());
    const parsed = tiptapDocSchema.safeParse(doc.toJSON());
    expect(parsed.error?.issues).toBeUndefined();
  });

  it('refuses what the editor could not open, which the editor refuses too', () => {
    const foreign = {
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'textStyle' }] }] },
      ],
    };
    expect(() => schema.nodeFromJSON(foreign)).toThrow();
    expect(tiptapDocSchema.safeParse(foreign).success).toBe(false);
  });
});

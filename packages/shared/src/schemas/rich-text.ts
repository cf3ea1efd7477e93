import { z } from 'zod';
import { RICH_TEXT_MAX_DEPTH } from '../constants.js';
import { isSafeRichTextHref } from '../links.js';
import { formatMessage, MESSAGES } from '../messages.js';

/*
 * A topic description is Tiptap JSON (decision 10). These schemas accept exactly what the web
 * editor's extensions produce (StarterKit without its link, plus Mantine's Link: see
 * apps/web/src/features/topics/editor-extensions.ts, whose test compares the two), with their
 * attributes and ProseMirror's content rules. Anything else is refused: the editor cannot open a
 * document with a node or mark it does not know, and saving it again would wipe the description.
 */

const unsupported = MESSAGES.richTextUnsupported;
const kind = <T extends string>(type: T) => z.literal(type, { error: unsupported });

const optionalText = (max: number) => z.string({ error: unsupported }).max(max).nullable().optional();
/** Nodes and marks without attributes: ProseMirror leaves `attrs` out; an empty one is harmless. */
const noAttrs = z.strictObject({}, { error: unsupported }).optional();

const plainMark = <T extends string>(type: T) =>
  z.strictObject({ type: kind(type), attrs: noAttrs }, { error: unsupported });

const linkMark = z.strictObject(
  {
    type: kind('link'),
    attrs: z.strictObject(
      {
        href: z
          .string({ error: MESSAGES.richTextBadLink })
          .max(2000)
          .refine(isSafeRichTextHref, MESSAGES.richTextBadLink),
        target: optionalText(20),
        rel: optionalText(200),
        class: optionalText(200),
        title: optionalText(500),
      },
      { error: unsupported },
    ),
  },
  { error: unsupported },
);

const markSchema = z.discriminatedUnion(
  'type',
  [
    plainMark('bold'),
    plainMark('italic'),
    plainMark('underline'),
    plainMark('strike'),
    plainMark('code'),
    linkMark,
  ],
  { error: unsupported },
);
export type RichTextMark = z.infer<typeof markSchema>;

const marksSchema = z
  .array(markSchema, { error: unsupported })
  .max(6, unsupported)
  .refine((marks) => new Set(marks.map((mark) => mark.type)).size === marks.length, unsupported)
  .optional();

const textNode = z.strictObject(
  { type: kind('text'), text: z.string({ error: unsupported }).min(1, unsupported), marks: marksSchema },
  { error: unsupported },
);
const hardBreakNode = z.strictObject(
  { type: kind('hardBreak'), attrs: noAttrs, marks: marksSchema },
  { error: unsupported },
);
const inlineNode = z.discriminatedUnion('type', [textNode, hardBreakNode], { error: unsupported });
const inlineContent = z.array(inlineNode, { error: unsupported }).optional();

const paragraphNode = z.strictObject(
  { type: kind('paragraph'), attrs: noAttrs, content: inlineContent },
  { error: unsupported },
);
const headingLevel = z.int({ error: unsupported }).min(1, unsupported).max(6, unsupported);
const headingNode = z.strictObject(
  {
    type: kind('heading'),
    attrs: z.strictObject({ level: headingLevel }, { error: unsupported }),
    content: inlineContent,
  },
  { error: unsupported },
);
// A code block holds plain text only (no marks).
const codeText = z.strictObject(
  { type: kind('text'), text: z.string({ error: unsupported }).min(1, unsupported) },
  { error: unsupported },
);
const codeBlockNode = z.strictObject(
  {
    type: kind('codeBlock'),
    attrs: z.strictObject({ language: optionalText(100) }, { error: unsupported }).optional(),
    content: z.array(codeText, { error: unsupported }).optional(),
  },
  { error: unsupported },
);
const horizontalRuleNode = z.strictObject(
  { type: kind('horizontalRule'), attrs: noAttrs },
  { error: unsupported },
);

export type RichTextInline = z.infer<typeof inlineNode>;
export type RichTextBlock =
  | z.infer<typeof paragraphNode>
  | z.infer<typeof headingNode>
  | z.infer<typeof codeBlockNode>
  | z.infer<typeof horizontalRuleNode>
  | { type: 'blockquote'; attrs?: Record<string, never>; content: RichTextBlock[] }
  | { type: 'bulletList'; attrs?: Record<string, never>; content: RichTextListItem[] }
  | { type: 'orderedList'; attrs?: OrderedListAttrs; content: RichTextListItem[] };
export interface RichTextListItem {
  type: 'listItem';
  attrs?: Record<string, never>;
  content: RichTextBlock[];
}
interface OrderedListAttrs {
  start?: number;
  type?: '1' | 'a' | 'A' | 'i' | 'I' | null;
}

const blocks = (): z.ZodType<RichTextBlock[]> =>
  z.array(blockNode, { error: unsupported }).min(1, unsupported);

const listItemNode: z.ZodType<RichTextListItem> = z.strictObject(
  {
    type: kind('listItem'),
    attrs: noAttrs,
    // "paragraph block*": an item starts with a paragraph.
    get content() {
      return blocks().refine((content) => content[0]?.type === 'paragraph', unsupported);
    },
  },
  { error: unsupported },
);
const listItems = () => z.array(listItemNode, { error: unsupported }).min(1, unsupported);

const blockquoteNode = z.strictObject(
  {
    type: kind('blockquote'),
    attrs: noAttrs,
    get content() {
      return blocks();
    },
  },
  { error: unsupported },
);
const bulletListNode = z.strictObject(
  {
    type: kind('bulletList'),
    attrs: noAttrs,
    get content() {
      return listItems();
    },
  },
  { error: unsupported },
);
const orderedListNode = z.strictObject(
  {
    type: kind('orderedList'),
    attrs: z
      .strictObject(
        {
          start: z.int({ error: unsupported }).optional(),
          type: z.enum(['1', 'a', 'A', 'i', 'I'], { error: unsupported }).nullable().optional(),
        },
        { error: unsupported },
      )
      .optional(),
    get content() {
      return listItems();
    },
  },
  { error: unsupported },
);

// Registered by id: the OpenAPI document refers to this recursive schema as a component.
const blockNode: z.ZodType<RichTextBlock> = z
  .discriminatedUnion(
    'type',
    [
      paragraphNode,
      headingNode,
      codeBlockNode,
      horizontalRuleNode,
      blockquoteNode,
      bulletListNode,
      orderedListNode,
    ],
    { error: unsupported },
  )
  .meta({ id: 'RichTextBlock' });

/** Levels of nodes below and including `node` (a document with one paragraph of text has three). */
function nodeDepth(node: { content?: unknown }): number {
  if (!Array.isArray(node.content)) return 1;
  let deepest = 0;
  for (const child of node.content) deepest = Math.max(deepest, nodeDepth(child as { content?: unknown }));
  return deepest + 1;
}

/** The node and mark types the schemas accept, with their attributes (compared with the editor's). */
export const RICH_TEXT_NODE_ATTRS: Record<string, readonly string[]> = {
  doc: [],
  paragraph: [],
  text: [],
  hardBreak: [],
  heading: ['level'],
  codeBlock: ['language'],
  horizontalRule: [],
  blockquote: [],
  bulletList: [],
  orderedList: ['start', 'type'],
  listItem: [],
};
export const RICH_TEXT_MARK_ATTRS: Record<string, readonly string[]> = {
  bold: [],
  italic: [],
  underline: [],
  strike: [],
  code: [],
  link: ['href', 'target', 'rel', 'class', 'title'],
};

/** A Tiptap document (decision 10) as the editor makes it; HTML is produced only by the renderer. */
export const tiptapDocSchema = z
  .strictObject(
    {
      type: kind('doc'),
      attrs: noAttrs,
      content: z.array(blockNode, { error: unsupported }).max(5000).optional(),
    },
    { error: (issue) => (issue.input === undefined ? MESSAGES.fillTheForm : unsupported) },
  )
  .superRefine((doc, context) => {
    if (nodeDepth(doc) > RICH_TEXT_MAX_DEPTH) {
      context.addIssue({
        code: 'custom',
        message: formatMessage(MESSAGES.richTextTooDeep, { max: String(RICH_TEXT_MAX_DEPTH) }),
      });
    }
  });
export type TiptapDoc = z.infer<typeof tiptapDocSchema>;

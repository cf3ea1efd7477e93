import '@mantine/core/styles/Typography.css';
import { Text, Typography } from '@mantine/core';
import { isSafeRichTextHref } from '@portal/shared/links';
import type { ReactNode } from 'react';

/** A node of a Tiptap (ProseMirror) JSON document, as stored; nothing about it is trusted. */
interface JsonNode {
  type?: unknown;
  text?: unknown;
  attrs?: Record<string, unknown>;
  marks?: unknown;
  content?: unknown;
}

const asNode = (value: unknown): JsonNode | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as JsonNode) : null;

const childrenOf = (node: JsonNode): JsonNode[] =>
  Array.isArray(node.content) ? node.content.map(asNode).filter((child) => child !== null) : [];

/** A stored link the page may render (the rule the server saves descriptions by), else null. */
const safeHref = (value: unknown): string | null =>
  typeof value === 'string' && isSafeRichTextHref(value) ? value.trim() : null;

function renderMarks(text: string, marks: unknown, key: string): ReactNode {
  let out: ReactNode = text;
  if (!Array.isArray(marks)) return out;
  for (const [index, raw] of marks.entries()) {
    const mark = asNode(raw);
    const markKey = `${key}-m${index}`;
    switch (mark?.type) {
      case 'bold':
        out = <strong key={markKey}>{out}</strong>;
        break;
      case 'italic':
        out = <em key={markKey}>{out}</em>;
        break;
      case 'underline':
        out = <u key={markKey}>{out}</u>;
        break;
      case 'strike':
        out = <s key={markKey}>{out}</s>;
        break;
      case 'code':
        out = <code key={markKey}>{out}</code>;
        break;
      case 'link': {
        const href = safeHref(mark.attrs?.href);
        if (href) {
          out = (
            <a key={markKey} href={href} target="_blank" rel="noopener noreferrer nofollow">
              {out}
            </a>
          );
        }
        break;
      }
      default:
        break;
    }
  }
  return out;
}

const HEADINGS: Record<number, 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6'> = {
  1: 'h1',
  2: 'h2',
  3: 'h3',
  4: 'h4',
  5: 'h5',
  6: 'h6',
};

function renderNode(node: JsonNode, key: string, depth: number): ReactNode {
  // A hostile document could nest without end; deeper than any real text is dropped.
  if (depth > 60) return null;
  const children = () =>
    childrenOf(node).map((child, index) => renderNode(child, `${key}.${index}`, depth + 1));
  switch (node.type) {
    case 'doc':
      return <>{children()}</>;
    case 'text':
      return typeof node.text === 'string' ? renderMarks(node.text, node.marks, key) : null;
    case 'paragraph':
      return <p key={key}>{children()}</p>;
    case 'heading': {
      const level = Number(node.attrs?.level);
      const Heading = HEADINGS[level] ?? 'h3';
      return <Heading key={key}>{children()}</Heading>;
    }
    case 'bulletList':
      return <ul key={key}>{children()}</ul>;
    case 'orderedList': {
      const start = Number(node.attrs?.start);
      return (
        <ol key={key} start={Number.isInteger(start) && start > 0 ? start : undefined}>
          {children()}
        </ol>
      );
    }
    case 'listItem':
      return <li key={key}>{children()}</li>;
    case 'blockquote':
      return <blockquote key={key}>{children()}</blockquote>;
    case 'codeBlock':
      return (
        <pre key={key}>
          <code>
            {childrenOf(node)
              .map((child) => (typeof child.text === 'string' ? child.text : ''))
              .join('')}
          </code>
        </pre>
      );
    case 'hardBreak':
      return <br key={key} />;
    case 'horizontalRule':
      return <hr key={key} />;
    default:
      // Unknown nodes keep their text, never their markup.
      return <span key={key}>{children()}</span>;
  }
}

/** Renders a stored Tiptap document as React elements (no HTML from stored data is injected). */
export function TiptapContent({ doc, empty }: { doc: unknown; empty?: ReactNode }) {
  const root = asNode(doc);
  if (!root || childrenOf(root).length === 0) return <Text c="dimmed">{empty}</Text>;
  return <Typography>{renderNode(root, 'n', 0)}</Typography>;
}

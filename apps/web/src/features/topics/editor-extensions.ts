import { Link } from '@mantine/tiptap';
import type { Extensions } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';

/**
 * The topic description editor's extensions. The shared rich-text schema
 * (`@portal/shared/schemas/rich-text`) accepts exactly the nodes and marks they define, which
 * editor-extensions.test.ts checks: add an extension here and that schema must learn it too.
 * Mantine's Link adds the Mod-K shortcut and keeps links from opening while editing.
 */
export const DESCRIPTION_EXTENSIONS: Extensions = [StarterKit.configure({ link: false }), Link];

import '@mantine/core/styles/Breadcrumbs.css';
import { Anchor, Box, Breadcrumbs, Text } from '@mantine/core';
import type { BatchSubject, Chapter } from '@portal/shared';
import { LABELS } from '@portal/shared/messages';
import { Link } from 'react-router';
import { teachChaptersPath, teachSubjectsPath, teachTopicsPath } from '../links';

interface TeachBreadcrumbProps {
  subject?: BatchSubject | null;
  chapter?: Pick<Chapter, '_id' | 'title'> | null;
  /** The page itself (e.g. 'Add Chapter' or a topic's title), not a link. */
  current?: string;
}

/** Home › Subjects › subject › chapter › page, each link keeping the selection. */
export function TeachBreadcrumb({ subject, chapter, current }: TeachBreadcrumbProps) {
  const selection = { batch: subject?.batch_id, subject: subject?._id };
  const links: { label: string; to: string }[] = [
    { label: LABELS.home, to: '/dashboard' },
    { label: LABELS.subjectsTitle, to: teachSubjectsPath(selection) },
  ];
  if (subject) links.push({ label: subject.subject_title, to: teachChaptersPath(selection) });
  if (subject && chapter) {
    links.push({ label: chapter.title, to: teachTopicsPath({ ...selection, chapter: chapter._id }) });
  }
  return (
    <Box component="nav" aria-label={LABELS.breadcrumb} mb="sm">
      <Breadcrumbs separator="›" separatorMargin={6} style={{ flexWrap: 'wrap', rowGap: 4 }}>
        {links.map((link, index) => (
          <Anchor
            key={link.to}
            component={Link}
            to={link.to}
            size="sm"
            aria-current={!current && index === links.length - 1 ? 'page' : undefined}
          >
            {link.label}
          </Anchor>
        ))}
        {current && (
          <Text size="sm" c="dimmed" aria-current="page" lineClamp={1}>
            {current}
          </Text>
        )}
      </Breadcrumbs>
    </Box>
  );
}

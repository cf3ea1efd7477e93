import '@mantine/core/styles/Breadcrumbs.css';
import { Anchor, Box, Breadcrumbs, Text } from '@mantine/core';
import { LABELS } from '@portal/shared/messages';
import { Link } from 'react-router';
import { chaptersPath, subjectsPath } from '../../subjects/links';

interface ChaptersBreadcrumbProps {
  batchId: string | null;
  batchSubjectId: string | null;
  /** A page below the chapters list (e.g. 'Add Chapter'). */
  current?: string;
}

/** Home › Subjects › Chapters, each keeping the chosen batch and subject. */
export function ChaptersBreadcrumb({ batchId, batchSubjectId, current }: ChaptersBreadcrumbProps) {
  return (
    <Box component="nav" aria-label={LABELS.breadcrumb}>
      <Breadcrumbs separator="›" separatorMargin={6} style={{ flexWrap: 'wrap' }}>
        <Anchor component={Link} to="/dashboard" size="sm">
          {LABELS.home}
        </Anchor>
        <Anchor component={Link} to={subjectsPath(batchId)} size="sm">
          {LABELS.subjectsTitle}
        </Anchor>
        <Anchor
          component={Link}
          to={chaptersPath(batchId, batchSubjectId)}
          size="sm"
          aria-current={current ? undefined : 'page'}
        >
          {LABELS.chaptersTitle}
        </Anchor>
        {current && (
          <Text size="sm" c="dimmed" aria-current="page">
            {current}
          </Text>
        )}
      </Breadcrumbs>
    </Box>
  );
}

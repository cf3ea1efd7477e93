import { LABELS } from '@portal/shared/messages';
import { type Crumb, PageBreadcrumb } from '../../../components/PageBreadcrumb';
import { chaptersPath, subjectsPath } from '../../subjects/links';

interface ChaptersBreadcrumbProps {
  batchId: string | null;
  batchSubjectId: string | null;
  /** A page below the chapters list (e.g. 'Add Chapter'). */
  current?: string;
}

/** Home › Subjects › Chapters, each keeping the chosen batch and subject. */
export function ChaptersBreadcrumb({ batchId, batchSubjectId, current }: ChaptersBreadcrumbProps) {
  const crumbs: Crumb[] = [
    { label: LABELS.subjectsTitle, to: subjectsPath(batchId) },
    { label: LABELS.chaptersTitle, to: chaptersPath(batchId, batchSubjectId) },
  ];
  if (current) crumbs.push({ label: current });
  return <PageBreadcrumb crumbs={crumbs} />;
}

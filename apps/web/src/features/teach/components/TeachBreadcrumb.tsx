import type { BatchSubject, Chapter } from '@portal/shared';
import { LABELS } from '@portal/shared/messages';
import { type Crumb, PageBreadcrumb } from '../../../components/PageBreadcrumb';
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
  const crumbs: Crumb[] = [{ label: LABELS.subjectsTitle, to: teachSubjectsPath(selection) }];
  if (subject) crumbs.push({ label: subject.subject_title, to: teachChaptersPath(selection) });
  if (subject && chapter) {
    crumbs.push({ label: chapter.title, to: teachTopicsPath({ ...selection, chapter: chapter._id }) });
  }
  if (current) crumbs.push({ label: current });
  return <PageBreadcrumb crumbs={crumbs} />;
}

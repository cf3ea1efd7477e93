import { LABELS } from '@portal/shared/messages';
import { PageBreadcrumb } from '../../../components/PageBreadcrumb';
import { PageHeader } from '../../../components/PageHeader';
import { teachTopicDetailPath } from '../../teach/links';
import { useDoubts } from '../api';
import { DoubtsBrowser } from '../components/DoubtsBrowser';
import { useDoubtViewer } from '../useDoubtViewer';

function useFacultySubjectDoubts(batchSubjectId: string | null) {
  return useDoubts({ batchSubjectId: batchSubjectId ?? undefined });
}

/** /me/faculty/doubts: the doubts of the faculty member's batch subjects, grouped by topic, to reply to. */
export function FacultyDoubtsPage() {
  const viewer = useDoubtViewer();
  return (
    <>
      <PageBreadcrumb crumbs={[{ label: LABELS.facultyDoubtsPageTitle }]} />
      <PageHeader title={LABELS.facultyDoubtsPageTitle} />
      <DoubtsBrowser
        viewer={viewer}
        useSubjectDoubts={useFacultySubjectDoubts}
        topicPath={teachTopicDetailPath}
        withBatch
      />
    </>
  );
}

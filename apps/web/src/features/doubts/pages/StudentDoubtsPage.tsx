import { LABELS } from '@portal/shared/messages';
import { PageBreadcrumb } from '../../../components/PageBreadcrumb';
import { PageHeader } from '../../../components/PageHeader';
import { myTopicDetailPath } from '../../learn/links';
import { useBatchSubjectDoubts, useDoubts } from '../api';
import { DoubtsBrowser } from '../components/DoubtsBrowser';

function useStudentSubjectDoubts(batchSubjectId: string | null) {
  const one = useBatchSubjectDoubts(batchSubjectId);
  const all = useDoubts({}, !batchSubjectId);
  return batchSubjectId ? one : all;
}

/** /me/doubts: the doubts of the student's subjects, grouped by topic (learning §2 "Doubts"). */
export function StudentDoubtsPage() {
  return (
    <>
      <PageBreadcrumb crumbs={[{ label: LABELS.doubtsPageTitle }]} />
      <PageHeader title={LABELS.doubtsPageTitle} />
      <DoubtsBrowser
        viewer="student"
        useSubjectDoubts={useStudentSubjectDoubts}
        topicPath={myTopicDetailPath}
        withBatch={false}
      />
    </>
  );
}

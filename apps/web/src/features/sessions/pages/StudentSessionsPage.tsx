import { LABELS } from '@portal/shared/messages';
import { useSearchParams } from 'react-router';
import { PageBreadcrumb } from '../../../components/PageBreadcrumb';
import { PageHeader } from '../../../components/PageHeader';
import { usePatchSearchParams } from '../../../lib/search-params';
import { SessionCard } from '../components/SessionCard';
import { SessionTabs } from '../components/SessionTabs';
import { tabOf, useSessionTab } from '../use-session-tab';

/**
 * /me/sessions: a student's sessions (their batch's of their subjects, and the custom sessions that
 * selected them) in the Upcoming and Previous tabs; Attend from 5 minutes before the start until
 * the end.
 */
export function StudentSessionsPage() {
  const [params] = useSearchParams();
  const patchParams = usePatchSearchParams();
  const when = tabOf(params.get('tab'));
  const tab = useSessionTab({ when });
  return (
    <>
      <PageBreadcrumb crumbs={[{ label: LABELS.studentSessionsTitle }]} />
      <PageHeader title={LABELS.studentSessionsTitle} />
      <SessionTabs
        when={when}
        onTab={(next) => patchParams({ tab: next === 'previous' ? next : null }, { replace: true })}
        tab={tab}
        card={(session) => <SessionCard session={session} as="student" />}
      />
    </>
  );
}

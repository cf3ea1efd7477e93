import { LABELS } from '@portal/shared/messages';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { useRequiredAccount } from '../../../lib/session';
import { AnnouncementsSection } from '../components/AnnouncementsSection';

/**
 * /announcements: every announcement addressed to the caller (the bell shows only the last 3 days'),
 * the one opened from the bell (`?announcement=`) brought into view. Moderators manage them here
 * as on their home.
 */
export function AnnouncementsPage() {
  const { permission } = useRequiredAccount();
  const [params] = useSearchParams();
  return (
    <>
      <PageHeader title={LABELS.announcements} />
      <AnnouncementsSection
        manage={permission === 'moderator'}
        focusId={params.get('announcement')}
        heading={false}
      />
    </>
  );
}

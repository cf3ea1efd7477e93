import { LABELS, MESSAGES } from '@portal/shared/messages';
import type { ReactNode } from 'react';
import { EmptyNote } from '../../../components/EmptyNote';
import { LoadFailed } from '../../../components/LoadFailed';
import { Loading } from '../../../components/Loading';
import { NotAvailable as SharedNotAvailable } from '../../../components/NotAvailable';
import { errorMessage } from '../../../lib/api';
import type { Resolution } from '../api';
import { teachSubjectsPath } from '../links';

/** A subject, chapter or topic the faculty member does not teach (or that no longer exists). */
export function NotAvailable() {
  return (
    <SharedNotAvailable
      text={LABELS.teachNotAvailable}
      action={{ label: LABELS.teachBackToSubjects, to: teachSubjectsPath() }}
    />
  );
}

/** What a page shows until its selection is ready; null once it is. */
export function unready<T>(resolution: Resolution<T>, unchosen: ReactNode): ReactNode | null {
  switch (resolution.state) {
    case 'loading':
      return <Loading />;
    case 'error':
      return <LoadFailed message={errorMessage(resolution.error)} retry={resolution.retry} />;
    case 'unavailable':
      return <NotAvailable />;
    case 'unchosen':
      return unchosen;
    default:
      return null;
  }
}

/** No subject chosen in the URL: back to the faculty member's subjects. */
export function ChooseSubject() {
  return (
    <EmptyNote
      text={MESSAGES.selectASubject}
      action={{ label: LABELS.teachBackToSubjects, to: teachSubjectsPath() }}
    />
  );
}

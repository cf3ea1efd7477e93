import { useRequiredAccount } from '../../lib/session';
import type { DoubtViewer } from './components/DoubtThread';

/** The signed-in role as a doubt reader. */
export function useDoubtViewer(): DoubtViewer {
  const { permission } = useRequiredAccount();
  if (permission === 'student') return 'student';
  return permission === 'faculty' ? 'faculty' : 'moderator';
}

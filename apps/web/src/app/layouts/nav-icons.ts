import type { NavIcon } from '@portal/shared/constants';
import {
  type Icon,
  IconBook2,
  IconCalendarEvent,
  IconChalkboard,
  IconChartBar,
  IconChecklist,
  IconClipboardCheck,
  IconFileUpload,
  IconHome,
  IconMessageQuestion,
  IconNotes,
  IconPoint,
  IconReportAnalytics,
  IconSchool,
  IconTrophy,
  IconUserPlus,
  IconVideo,
} from '@tabler/icons-react';

const ICONS: Record<NavIcon, Icon> = {
  home: IconHome,
  subjects: IconBook2,
  doubts: IconMessageQuestion,
  assessments: IconChecklist,
  notes: IconNotes,
  sessions: IconVideo,
  'study-plan': IconCalendarEvent,
  marks: IconTrophy,
  students: IconSchool,
  analytics: IconChartBar,
  faculty: IconChalkboard,
  'faculty-analytics': IconReportAnalytics,
  'bulk-upload': IconFileUpload,
  'add-remove': IconUserPlus,
  evaluations: IconClipboardCheck,
};

/** The Tabler icon of a navigation item's icon key (a neutral dot for a key the app does not know). */
export function navIcon(key: string): Icon {
  return Object.hasOwn(ICONS, key) ? ICONS[key as NavIcon] : IconPoint;
}

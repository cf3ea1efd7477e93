export const PRODUCT_NAME = 'Learning Portal';
export const APP_VERSION = '0.3.84';

/**
 * The byte-order mark every CSV the portal hands out begins with: without it Excel reads the file
 * in the computer's code page and garbles Devanagari, Tamil and Bengali. The importers skip it.
 */
export const UTF8_BOM = '\uFEFF';

export const ROLES = ['owner', 'moderator', 'faculty', 'student'] as const;
export type Role = (typeof ROLES)[number];

/** Who has batch subjects of their own (`GET /api/users/me/batch-subjects`): a student's batch's, a teacher's. */
export const OWN_BATCH_SUBJECT_ROLES = ['faculty', 'student'] as const satisfies readonly Role[];

export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];

export const CONTENT_TYPES = ['image', 'audio', 'video'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export const QUESTION_TYPES = ['SINGLE_CHOICE', 'MULTIPLE_CHOICE', 'BOOLEAN', 'TEXT', 'UPLOAD'] as const;
export const ASSESSMENT_STATUSES = ['DRAFTED', 'LIVE', 'CLOSED', 'EVOLUTED', 'CANCELED'] as const;

export const SUBJECT_LOGOS = [
  'physics',
  'chemistry',
  'maths',
  'biology',
  'science',
  'english',
  'hindi',
  'sanskrit',
  'history',
  'geography',
  'civics',
  'economics',
  'social',
  'computer',
  'accountancy',
  'business',
  'evs',
  'art',
  'music',
  'others',
] as const;
export type SubjectLogo = (typeof SUBJECT_LOGOS)[number];

export const NOTICE_SUCCESS_MS = 3000;
export const NOTICE_ERROR_MS = 5000;

export const UPLOAD_LIMIT_KB = 40960;
export const UPLOAD_LIMIT_BYTES = UPLOAD_LIMIT_KB * 1024;
/** Longer uploaded file names are shortened to this many characters, keeping the extension. */
export const FILE_NAME_MAX_LENGTH = 100;

/**
 * What an upload is for (`POST /api/s3/v2?purpose=`). Content is read by every signed-in user of
 * the institution; import files and examination answer sheets only by their uploader and the
 * institution's moderators (and, for answer sheets, the assessment's evaluators).
 */
export const UPLOAD_PURPOSES = ['content', 'import', 'answer_sheet'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/** Levels of nesting any JSON request may have (a body object holding a list is two). */
export const MAX_JSON_DEPTH = 64;
/**
 * Levels of nodes in a rich-text description (the document is the first; a list in a list in a
 * quote reaches about 8). At 30, a linked text node sits at JSON level 62, inside MAX_JSON_DEPTH.
 */
export const RICH_TEXT_MAX_DEPTH = 30;
/** Calendar days a school plans (study plans, the home's day), `YYYY-MM-DD`, inclusive. */
export const CALENDAR_DATE_RANGE = { min: '2000-01-01', max: '2099-12-31' } as const;
/** The earliest date of birth accepted; the latest is the institution's today. */
export const EARLIEST_DATE_OF_BIRTH = '1900-01-01';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const OTP_LENGTH = 6;
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_TRIES = 5;
export const TEMP_TOKEN_TTL_MINUTES = 15;

/** `YYYY-YY` where YY is the year after YYYY (2024-25). */
export const ACADEMIC_YEAR_PATTERN = /^\d{4}-\d{2}$/;

export type NavIcon =
  | 'home'
  | 'subjects'
  | 'doubts'
  | 'assessments'
  | 'notes'
  | 'sessions'
  | 'study-plan'
  | 'marks'
  | 'students'
  | 'analytics'
  | 'faculty'
  | 'faculty-analytics'
  | 'bulk-upload'
  | 'add-remove'
  | 'evaluations';

export interface NavItem {
  label: string;
  path: string;
  icon: NavIcon;
}

/** The left navigation per role, in the spec's order (management §2 "Navigation per role"). */
export const NAVIGATION: Record<Role, readonly NavItem[]> = {
  student: [
    { label: 'Home', path: '/dashboard', icon: 'home' },
    { label: 'Subjects', path: '/me/subjects', icon: 'subjects' },
    { label: 'Doubts', path: '/me/doubts', icon: 'doubts' },
    { label: 'Assessments', path: '/me/assessments', icon: 'assessments' },
    { label: 'Notes', path: '/me/notes', icon: 'notes' },
    { label: 'Online Sessions', path: '/me/sessions', icon: 'sessions' },
  ],
  faculty: [
    { label: 'Home', path: '/dashboard', icon: 'home' },
    { label: 'Subjects', path: '/me/faculty/subjects', icon: 'subjects' },
    { label: 'Evaluations', path: '/faculty/assessments', icon: 'evaluations' },
    // Not in the spec's faculty list, but its roles let teachers create assessments (learning §6).
    { label: 'Assessments', path: '/create/assessment', icon: 'assessments' },
    { label: 'Online Sessions', path: '/me/faculty/sessions', icon: 'sessions' },
  ],
  moderator: [
    { label: 'Home', path: '/dashboard', icon: 'home' },
    { label: 'Online Sessions', path: '/onlinesessions/reports', icon: 'sessions' },
    { label: 'Study Plan', path: '/create/study-plan', icon: 'study-plan' },
    { label: 'Assessments', path: '/create/assessment', icon: 'assessments' },
    { label: 'Assessment Marks', path: '/assessment/marks', icon: 'marks' },
    { label: 'Student List', path: '/student/list', icon: 'students' },
    { label: 'Student Analytics', path: '/reports', icon: 'analytics' },
    { label: 'Faculty List', path: '/faculty/list', icon: 'faculty' },
    { label: 'Faculty Analytics', path: '/faculty/reports', icon: 'faculty-analytics' },
    { label: 'Bulk Upload', path: '/bulk/upload', icon: 'bulk-upload' },
    { label: 'Add-Remove Students', path: '/student/subject', icon: 'add-remove' },
  ],
  owner: [{ label: 'Home', path: '/dashboard', icon: 'home' }],
};

/** Where 'My Profile' leads for each role. */
export const PROFILE_PATH: Record<Role, string> = {
  student: '/me/profile',
  faculty: '/faculty/profile',
  moderator: '/profile',
  owner: '/profile',
};

/** Deep links of the evaluation screens: every selection lives in the address, so each view survives a reload. */
export const EVALUATIONS_PATH = '/faculty/assessments';
export const SUBMISSIONS_PATH = '/faculty/assessments/submissions';
export const MARKS_REPORT_PATH = '/assessment/marks';

/** The submissions of an assessment, or one student's submission, or one question across submissions. */
export function submissionsPath(
  assessmentId: string,
  view: { student?: string; question?: string; state?: string } = {},
): string {
  const search = new URLSearchParams({ assessment: assessmentId });
  if (view.state && view.state !== 'all') search.set('state', view.state);
  if (view.student) search.set('student', view.student);
  if (view.question) search.set('question', view.question);
  return `${SUBMISSIONS_PATH}?${search.toString()}`;
}

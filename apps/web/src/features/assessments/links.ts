/** Deep links of the assessment screens. */
export const CREATE_ASSESSMENT_PATH = '/create/assessment';

export const assessmentQuestionsPath = (assessmentId: string) =>
  `/assessment/questions/${encodeURIComponent(assessmentId)}`;

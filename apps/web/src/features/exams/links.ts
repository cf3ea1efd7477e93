/** Deep links of the student's examination screens (the assessment in `?assessment=`). */
export const MY_ASSESSMENTS_PATH = '/me/assessments';

export const examPath = (assessmentId: string) =>
  `/assessments/questions?assessment=${encodeURIComponent(assessmentId)}`;

export const examResultsPath = (assessmentId: string) =>
  `/assessments/results?assessment=${encodeURIComponent(assessmentId)}`;

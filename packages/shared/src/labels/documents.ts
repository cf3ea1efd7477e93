/**
 * The words of the portal's PDF documents that no screen shows: the student and faculty lists
 * (management §2 "Students", "Faculty"), the sign-in sheet after an import or reset, and the
 * marks report's heading (learning §2). Column names a screen shares are the screen's labels.
 */
export const DOCUMENT_LABELS = {
  docStudentListTitle: 'List of Students - {batch}',
  docAcademicYear: 'Academic Year: {year}',
  docStudentCount: 'Students: {count}',
  docFacultyCount: 'Faculty: {count}',
  docUserName: 'User Name',
  docPassword: 'Password',
  docStatus: 'Status',
  docActive: 'Active',
  docArchived: 'Archived',
  docCredentialsHint: 'Hand each person their line. The password must be changed at the first sign-in.',
  docMarksTitle: 'Assessment Marks Report - {assessment}',
  docMarksBatch: 'Batch: {batch}',
  docMarksAssessment: 'Assessment: {assessment}',
  docMarksQuestions: 'Questions: {count}',
  docMarksStudents: 'Students: {students}   Participated: {participants}',
  docMarksStart: 'Start date: {date}',
  docMarksTotals: 'Total marks: {total}   Average percentage: {average}%',
  /** Read out after a wrong answer of the marks report, which the eye sees in red and bold. */
  docMarkedWrong: 'wrong',
} as const;

/**
 * Labels of the student's examination screens (learning §2 "Student assessments", "Exam taking",
 * §4 "Exam run", §9): the exam cards of /me/assessments and the home, the start popup, the exam
 * page and the results. The spec's words where it names them.
 */
export const EXAM_LABELS = {
  // /me/assessments, Examinations tab (learning §2)
  examUpcomingTab: 'Upcoming ({n})',
  examPreviousTab: 'Previous ({n})',
  examCard: 'Examination {title}',
  examButtonSubmitted: 'Submitted',
  examButtonStart: 'START EXAMINATION NOW',
  examButtonMissed: 'Missed',
  examButtonNotStarted: 'Not Started',
  examViewResults: 'View Results',
  examNoUpcoming: 'No upcoming examinations.',
  examNoPrevious: 'No previous examinations.',
  // The start popup
  examStartTitle: 'Start Examination',
  examStartNote: 'The examination ends at {due}. Your answers are saved as you go.',
  examStartButton: 'Start',
  // Student home (learning §2 "Student home")
  examPendingTitle: 'Pending assessments',
  examPendingStartsAt: 'Starts {start}',
  examPendingDueAt: 'Due {due}',
  // /assessments/questions
  examTimeLeft: 'Time left',
  /** Announced politely to screen readers at 10 and 5 minutes left (the clock itself is silent). */
  examMinutesLeft: '{n} minutes left',
  examOneMinuteLeft: '1 minute left',
  examSaving: 'Saving…',
  examSaved: 'All answers saved',
  examSaveRetrying: 'Could not save. Retrying…',
  examAnswerText: 'Your answer',
  examUploadSheets: 'Upload answer sheets',
  examSheetsOf: 'Answer sheets of question {n}',
  examRemoveSheet: 'Remove {name}',
  examSubmit: 'Submit',
  // The submit's confirmation
  examConfirmTitle: 'Submit your examination?',
  examConfirmAnswered: 'Answered',
  examConfirmNotAnswered: 'Not answered',
  examConfirmTimeLeft: 'Time left',
  examConfirmBack: 'Back to the questions',
  examAnsweredCount: '{answered} of {total} answered',
  examThanksTitle: 'Thanks',
  examThanksText: 'Your examination has been submitted.',
  examGoHome: 'Go to Home',
  examBackToAssessments: 'Back to Assessments',
  examQuestionPaper: 'Question paper',
  // /assessments/results
  examResultsTitle: 'Results',
  examTotal: 'Total',
  examYourAnswer: 'Your answer',
  examRightAnswer: 'Right answer',
  examNoAnswer: 'Not answered',
  examMarks: '{scored} / {total}',
  examCorrect: 'Correct',
  examWrong: 'Wrong',
} as const;

/**
 * Examinations fair to every student (issue 25, decisions 38 and 39): the examination's settings
 * on Add / Edit Assessment, accommodations, the question palette and review marks, the record of
 * leaving the exam page, regrading, and the student's own order noted on the staff's screens.
 */
export const FAIR_EXAM_LABELS = {
  // Add / Edit Assessment: the settings
  examSettingsHeading: 'Examination settings',
  examSettingsFrozenNote: 'Students have started this examination: its settings can no longer change.',
  examFieldDuration: 'Duration in minutes (optional)',
  examFieldDurationHint:
    'Each student’s clock runs this long from their own start, ending no later than the due date. Empty: until the due date.',
  examFieldShuffleQuestions: 'Shuffle questions',
  examFieldShuffleOptions: 'Shuffle options',
  examFieldDraw: 'Draw questions for each student (optional)',
  examFieldDrawHint:
    'Each student gets this many of the paper’s questions at random, the same number of each marks value, so every paper is worth the same.',
  examFieldOneAtATime: 'Show one question at a time',
  // The card's time (the spec's "60 minutes" label, now the real duration)
  examDurationMinutes: '{n} minutes',
  examUntilDue: 'Until the due date',
  assessSettingsSummary: '{duration} · {draw}',
  assessDrawSummary: 'Draw {n} of {total}',
  assessShuffled: 'Shuffled',
  // Accommodations (the assessment card's menu)
  accommodationsMenu: 'Extra time',
  accommodationsTitle: 'Extra time and later due dates: {title}',
  accommodationsNote:
    'Only the staff see this list. Extra time applies to an examination with a duration; a later due date lets a student sit after the others.',
  accommodationsNone: 'No student has extra time or a later due date for this examination.',
  accommodationStudent: 'Student',
  accommodationExtraMinutes: 'Extra minutes',
  accommodationExtraPercent: 'Extra time (% of the duration, optional)',
  accommodationExtraPercentHint: 'Empty: the student’s standing extra time applies ({percent} %).',
  accommodationLaterDue: 'Later due date (optional)',
  accommodationSave: 'Save extra time',
  accommodationRemove: 'Remove extra time of {name}',
  accommodationEdit: 'Change extra time of {name}',
  accommodationStanding: 'Standing extra time: {percent} %',
  accommodationMinutesText: '+{n} min',
  accommodationPercentText: '+{n} %',
  accommodationDueText: 'Due {due}',
  accommodationSaved: 'The extra time has been saved.',
  accommodationRemoved: 'The extra time has been removed.',
  // Edit Student
  studentExtraTime: 'Extra time in examinations (%)',
  studentExtraTimeHint:
    'Added to every examination with a duration (20 minutes an hour is 33.33 %). Only the staff see it.',
  // The start popup
  examLeavesRecordedNote:
    'Leaving this page (another tab or window) is recorded with its times and shown to your teacher.',
  examStartOwnTime: 'You have {minutes} minutes from your start.',
  // The exam page: palette and review
  examPaletteTitle: 'Questions',
  examPaletteQuestion: 'Question {n}: {state}',
  examStateNotVisited: 'Not visited',
  examStateAnswered: 'Answered',
  examStateNotAnswered: 'Not answered',
  examStateMarked: 'Marked for review',
  examStateAnsweredMarked: 'Answered and marked for review',
  examMarkForReview: 'Mark for review',
  examPreviousQuestion: 'Previous',
  examNextQuestion: 'Next',
  examQuestionOf: 'Question {n} of {total}',
  examPaletteCounts:
    '{answered} answered, {notAnswered} not answered, {marked} marked for review, {notVisited} not visited',
  examConfirmMarked: 'Marked for review',
  // Evaluation: the student's own paper noted, and leaving the page
  evalShownAs: 'Their question {n}',
  evalShownLetter: 'their {letter}',
  // The student's own results: their numbers and letters beside the paper's
  examShownAs: 'Your question {n}',
  examShownLetter: 'your {letter}',
  evalLeavesTitle: 'Leaving the exam page',
  evalLeavesSummary: 'Left the exam page {count} times, {minutes} minutes in all',
  evalLeavesSummaryOne: 'Left the exam page once, {minutes} minutes in all',
  evalLeavesNone: 'Did not leave the exam page.',
  evalLeaveRow: '{left} → {back}',
  evalLeaveNotBack: 'did not come back',
  // Regrade (the questions page)
  regradeButton: 'Regrade',
  regradeTitle: 'Regrade question {n}',
  regradeNote: 'Every submission is rescored with the new key. The change is kept in the history.',
  regradeRightOptions: 'Right options',
  regradeMarks: 'Marks',
  regradeSave: 'Rescore every submission',
  regradeDone: '{changed} of {rescored} scores changed.',
  regradeHistoryTitle: 'History',
  regradeHistoryEntry:
    'Question {n} regraded by {name} on {at}: {before} → {after}; {changed} scores changed',
  regradeKeyText: '{letters}, {marks} marks',
} as const;

/** Messages of these features (the API's refusals and the forms' checks). */
export const FAIR_EXAM_MESSAGES = {
  examDurationInvalid: 'Please enter the duration in whole minutes, from 1 to 1440.',
  examDrawInvalid: 'Please enter how many questions to draw, from 1 to 500.',
  examDrawMoreThanPaper: 'The paper has {count} questions; a draw cannot take more.',
  assessmentSettingsFrozen:
    'Students have already started this assessment; its settings can no longer be changed.',
  extraMinutesInvalid: 'Please enter the extra minutes as a whole number from 0 to 1440.',
  extraPercentInvalid: 'Please enter the extra time as a percentage from 0 to 200 (at most two decimals).',
  accommodationEmpty: 'Please give extra minutes, a percentage or a later due date.',
  accommodationDueNotLater: 'The later due date must be after the due date of the assessment.',
  laterDueStillOpen:
    'A student given a later due date can still sit this assessment; marks can be evaluated once that date has passed.',
  leavesTooMany: 'Too many events from this exam page; please try again in a minute.',
  regradeNoRightOption: 'Please choose at least one right option.',
  regradeOneRightOption: 'Please choose one right option.',
  regradeUnknownOption: 'Please choose the right options among the options of the question.',
  regradeMarksInvalid: 'Please enter marks above 0, at most 1000.',
  regradeNothing: 'Please change the right options or the marks.',
  regradeNotChoice: 'Only the marks of a text or upload question can be changed.',
  regradeNotStarted: 'Nobody has sat this assessment yet; import its questions again to change them.',
} as const;

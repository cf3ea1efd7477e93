/**
 * Every user-facing text of the specification's catalogue, word for word (its spelling included),
 * plus the few texts the portal adds where the spec is silent (marked "portal").
 */
export const MESSAGES = {
  // Sign-in and passwords (management §8, learning §5 and §8)
  loginFailed: 'Incorrect username/password. Please try again.',
  invalidUsername: 'invalid username',
  invalidOtp: 'invalid otp',
  enterCorrectOldPassword: 'Please enter the correct Old Password.',
  checkOldPassword: 'Please check the Old Password.',
  enterUsername: 'Please enter username',
  enterOtp: 'Please enter OTP',
  enterPassword: 'Please enter password',
  passwordMismatch: 'Password mismatch',
  enterRequiredFields: 'Enter Required fields.',
  newPasswordsDoNotMatch: 'The new passwords do not match.',
  loginUnderConstruction: 'Your Login is under construction',

  // Forms
  fillTheForm: 'Please fill the form',
  fillAllFormFields: 'Please fill all form fields',
  fillAllMandatoryFields: 'Please fill all mandatory fields',
  selectTheBatch: 'Please select the Batch',
  fillInTheForm: 'Please fill in the form.',
  fillTheUrl: 'Please fill the url',
  answerAllQuestions: 'Please answer all the questions',
  evaluateAllAnswers: 'Please evaluate all answers',
  confirmSubmit: 'Are you sure you want to submit?',
  submitAnswerSheetInSchool: 'Please submit the answer sheet in the school.',
  notEligibleForAssessment: 'IS NOT ELIGIBLE FOR THIS ASSESSMENT',
  answerYourDoubt: 'Please answer your doubt.',
  selectStudents: 'Please select students.',
  confirmDelete: 'Are you sure want to delete?',
  confirmFacultyReset: 'Are you 100% sure it is the correct Faculty?',

  // Generic failures
  genericError: 'Something went wrong. Please try again.',
  chaptersError: 'Something is wrong. Please try again!',
  pleaseTryAgain: 'Please Try Again',
  usernameExists: 'Username already exists.',
  addStudentFailed: 'OOps Something went wrong To Add Student!!! Try Again.',
  evaluationFailed: 'Failed. Please try again.',
  liveSessionCreateFailed: 'Error Creating Live Session, Please Try again later.',

  // Password resets by a moderator ({name} is replaced)
  passwordResetDone: 'You Have successfully Reset {name} password!!!',
  passwordResetFailed: 'OOps Something went Wrong while we tried to Reset {name} password!!! Try Again',
  bulkPasswordReset: 'Password Reset successfully',

  // Uploads
  studentUploaded: 'Student Uploaded successfully',
  facultyUploaded: 'Faculty Uploaded successfully',
  unableToUpload: 'Unable to Upload!',

  // Success banners
  institutionCreated: 'Successfully created the Institution',
  institutionEdited: 'Successfully edited the Institution',
  institutionArchived: 'Successfully archived the Institution',
  userCreated: 'Successfully created the User',
  subjectAdded: 'You have successfully added a Subject',
  subjectEdited: 'You have successfully edited the Subject',
  subjectRemoved: 'You have successfully removed the Subject',
  chapterAdded: 'You have successfully added a Chapter',
  chapterEdited: 'You have successfully edited the Chapter',
  chapterDeleted: 'You have successfully deleted the Chapter',
  topicAdded: 'You have successfully added a Topic',
  topicEdited: 'You have successfully edited a Topic',
  topicDeleted: 'You have successfully deleted a Topic',
  studentEdited: 'You have successfully edited Student details.',
  facultyEdited: 'You have successfully edited Faculty details.',
  facultyAdded: 'You have successfully added a Faculty',
  facultyAssigned: 'You have successfully assigned a Faculty',
  batchEdited: 'Successfully edited the Batch',
  batchArchived: 'Successfully archived the Batch',
  studentAdded: 'You Have successfully Added Student!!!',
  sessionDeleted: 'You have successfully deleted a session.',
  assessmentAdded: 'You have successfully added an Assessment',
  assessmentEdited: 'You have successfully edited an Assessment',
  assessmentQuestionsAdded: 'You have successfully added Assessment Questions',
  marksEvaluated: 'You have successfully evaluated the marks.',
  sessionAdded: 'You have successfully added the Session.',

  // Assessments and sessions
  alreadySubmitted: 'Already Submitted!',
  timeToUploadSheets: 'Time to upload the sheets',
  examNotStarted:
    'The Examination has not yet started, please check your local device time settings and revisit to attend!',
  questionUploadedAsFile: 'Question has been uploaded as a file, download to view it',
  noQuestionsUploaded: 'No Questions have been uploaded.',
  questionsNotUploaded: 'Assessment Questions not uploaded. Please add the questions.',
  liveSessionYetToStart: 'Live Session yet to start ...',
  liveSessionEnded: 'Live Session Ended.',
  waitingForTeacher: 'Waiting for the Teacher to join ...',
  customSessionNote:
    'The live session will be available only to those students that are selected by the faculty.',

  // Empty states
  noNewTopics: 'No new topics for today.',
  noPendingTopics: 'No pending topics for today.',
  noLastVisitedTopics: 'No last visited topics for today.',
  noStudentsAssigned: 'No Students assigned.',
  noSubjectsAvilable: 'No subjects avilable.',
  noSubjectsAvailable: 'No subjects available.',
  selectABatch: 'Please select a batch',
  noChapters: 'There is no chapters available',
  selectASubject: 'Please Select A Subject',
  noTopics: 'There is no topics available',
  noStudentToAdd: 'No Student to add',
  noStudentToRemove: 'No Student to remove',
  studyPlanEmpty: 'Please submit the left side form to create study plan.',
  studentArchived: 'The student has been archived.',
  facultyArchived: 'The faculty has been archived.',
  noNewDoubts: 'No new doubts right now',
  noRepliedDoubts: 'No replied doubts right now',
  noPendingExaminations: 'No pending examinations currently.',
  noEvaluatedExaminations: 'No evaluated examinations currently.',
  noNotes: 'No notes to list',
  noFaculties: 'No faculties to list',
  noAssessment: 'No assessment available.',
  noAssessmentForBatch: 'No assessment available for the batch.',
  noSubmission: 'No Submission',
  noUpcomingSessions: 'No new upcoming sessions are scheduled.',
  noPreviousSessions: 'There are no previous sessions.',

  // Labels the spec names
  clickForDemo: 'Click here for Demo',
  automatedAnswer: 'Automated answer',

  // portal: texts the spec leaves unsaid
  rateLimited: 'Too many attempts. Please wait a minute and try again.',
  passwordTooShort: 'Password must be at least 8 characters.',
  passwordTooLong: 'Password must be at most 128 characters.',
  passwordChangeRequired: 'Please change your password before you continue.',
  sessionExpired: 'Your session has ended. Please sign in again.',
  notFound: 'Not found.',
  forbidden: 'You are not allowed to do this.',
  invalidInput: 'Please check the highlighted fields.',
  otpSent: 'An OTP has been sent to your registered e-mail.',
  passwordChanged: 'Your password has been changed. Please sign in again.',
  resetLinkInvalid: 'This password reset has expired. Please start again.',
  noDemoVideo: 'There is no demo video yet.',
  pageNotFound: 'Page not found',
  batchHasStudents: 'This batch still has students. Move or archive them first.',
  invalidId: 'Invalid id.',
  fileTooLarge: 'The file is larger than 40960 KB. Please choose a smaller file.',
  chooseFile: 'Please choose a file.',
  videoOnly: 'Please choose a video file (mp4, webm, mov or m4v).',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** Labels, headings and button texts of the screens (the spec's words where it names them). */
export const LABELS = {
  // Sign-in (management §2 "Public routes", §5)
  userName: 'User Name',
  password: 'Password',
  submit: 'Submit',
  forgotPassword: 'Forgot Password',
  contactUs: 'Contact Us',
  signInTitle: 'Sign in to your account',
  supportPhone: 'Phone',
  supportEmail: 'E-mail',
  // Forgot-password popup (three steps)
  otp: 'OTP',
  generateOtp: 'Generate OTP',
  verify: 'Verify',
  newPassword: 'New Password',
  confirmPassword: 'Confirm Password',
  change: 'Change',
  passwordResetDone: 'Your password has been reset. Please sign in with the new password.',
  // Change password (learning §5)
  changePassword: 'Change Password',
  oldPassword: 'Old Password',
  repeatNewPassword: 'Repeat New Password',
  // Header and profile menu (learning "Header and notifications")
  demoVideo: 'Demo Video',
  myProfile: 'My Profile',
  logout: 'Logout',
  profileMenu: 'Profile menu',
  mainNavigation: 'Main navigation',
  toggleNavigation: 'Toggle navigation',
  // Profile
  profileTitle: 'My Profile',
  username: 'Username',
  role: 'Role',
  institution: 'Institution',
  academicYear: 'Academic Year',
  // Not found
  pageNotFoundHint: 'The page you are looking for does not exist or is not available yet.',
  backToDashboard: 'Back to Home',
  loading: 'Loading…',
  reload: 'Reload',
  // Role homes (headings from the spec)
  activeInstitutions: 'Active Institutions',
  addInstitution: '+ Add Institution',
  addUser: '+ Add User',
  batches: 'Batches',
  addBatch: 'Add Batch',
  addFaculty: 'Add Faculty',
  assignFaculty: 'Assign Faculty',
  home: 'Home',
  newTopics: 'New Topics',
  pendingTopics: 'Pending Topics',
  lastVisitedTopics: 'Last Visited Topics',
  studentsDoubts: "Student's Doubts",
  examEvaluations: 'Exam Evaluations',
  newTab: 'New',
  repliedTab: 'Replied',
  pendingTab: 'Pending',
  evaluatedTab: 'Evaluated',
  students: 'Students',
  // Owner table columns (management §2 "Owner home")
  slNo: 'Sl No.',
  name: 'Name',
  edit: 'Edit',
  archive: 'Archive',
  // portal: empty states the spec does not word
  noInstitutions: 'No institutions to show.',
  noBatches: 'No batches to show.',
} as const;

/** Fills `{name}`-style placeholders of a catalogue text. */
export function formatMessage(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

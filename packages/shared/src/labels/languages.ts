/**
 * Texts of the portal's languages (decision 40) and the texts that were written outside the
 * catalogue before it was translated: the OTP e-mail, role names, the shared schemas' limits.
 * The spec has no words for these.
 */
export const LANGUAGE_MESSAGES = {
  languageUnknown: 'Please choose one of the languages offered.',
  otpEmailSubject: 'Your password reset OTP',
  otpEmailBody:
    'Hello {username},\n\nYour OTP to reset your password is {otp}.\nIt expires in {minutes} minutes. If you did not ask for it, ignore this e-mail.\n',
  // The shared schemas' limits
  atMostCharacters: 'At most {max} characters.',
  atMostBatches: 'At most {max} batches.',
  atMostFiles: 'At most {max} files.',
  atMostOptions: 'At most {max} options.',
  atMostAnswers: 'At most {max} answers.',
  atMostStudents: 'At most {max} students.',
  useTrueOrFalse: 'Use true or false.',
  giveAtLeastOneId: 'Give at least one id.',
  marksNotNegative: 'Marks cannot be negative.',
  academicYearFormat: 'Academic year must look like 2024-25.',
  academicYearOrder: 'The second year must follow the first (2024-25).',
} as const;

export const LANGUAGE_LABELS = {
  languageOfNewAccounts: 'Language of new accounts',
  languageHint: 'The portal, its e-mails and documents are shown in this language on every device.',
  // Role names as people read them (the profile, the header)
  roleOwner: 'Owner',
  roleModerator: 'Moderator',
  roleFaculty: 'Faculty',
  roleStudent: 'Student',
} as const;

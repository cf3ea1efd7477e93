import { LABELS } from '@portal/shared/messages';

export const GENDER_OPTIONS = [
  { value: 'male', label: LABELS.genderMale },
  { value: 'female', label: LABELS.genderFemale },
];

import { MESSAGES } from '@portal/shared/messages';
import { describe, expect, it } from 'vitest';
import {
  emptyAddFaculty,
  validateAddFaculty,
  validateAssignFaculty,
  validateEditFaculty,
} from './validation';

describe('Add Faculty', () => {
  it('requires name, gender and mobile with the spec’s message', () => {
    const result = validateAddFaculty({ ...emptyAddFaculty(), name: 'Asha' });
    expect(result.error).toBe(MESSAGES.fillTheForm);
    expect(Object.keys(result.fields).sort()).toEqual(['gender', 'mobile']);
  });

  it('sends the lists split, leaves out empty optional fields', () => {
    const result = validateAddFaculty({
      ...emptyAddFaculty(),
      name: ' Asha ',
      gender: 'female',
      mobile: '98450 11111, 98450 22222',
      email: '',
      prn: '  ',
    });
    expect(result.body).toEqual({
      name: 'Asha',
      gender: 'female',
      mobile: ['98450 11111', '98450 22222'],
      prn: undefined,
      designation: undefined,
      avatar: undefined,
      username: undefined,
    });
  });

  it('names a malformed e-mail', () => {
    const result = validateAddFaculty({
      ...emptyAddFaculty(),
      name: 'Asha',
      gender: 'female',
      mobile: '9845011111',
      email: 'asha@',
    });
    expect(result.fields.email).toBe('Please enter a valid e-mail address.');
  });
});

describe('Edit Faculty', () => {
  const values = {
    name: 'Asha',
    gender: 'female' as const,
    email: 'a@school.test, b@school.test',
    mobile: '9845011111',
    prn: '',
    designation: 'HOD',
    avatar: null,
  };

  it('sends the whole comma-separated lists and clears emptied fields', () => {
    expect(validateEditFaculty(values).body).toEqual({
      name: 'Asha',
      gender: 'female',
      email: ['a@school.test', 'b@school.test'],
      mobile: ['9845011111'],
      prn: '',
      designation: 'HOD',
      avatar: '',
    });
  });

  it('keeps a name and a mobile', () => {
    expect(validateEditFaculty({ ...values, name: ' ' }).fields.name).toBe(MESSAGES.fillTheForm);
    expect(validateEditFaculty({ ...values, mobile: ' , ' }).fields.mobile).toBe(MESSAGES.fillTheForm);
  });
});

describe('Assign Faculty', () => {
  it('requires faculty, batch and subject', () => {
    expect(validateAssignFaculty({ facultyId: 'f', batchId: null, batchSubjectId: null })).toMatchObject({
      error: MESSAGES.fillTheForm,
      fields: { batch: MESSAGES.fillTheForm, subject: MESSAGES.fillTheForm },
    });
    expect(validateAssignFaculty({ facultyId: 'f', batchId: 'b', batchSubjectId: 's' }).body).toEqual({
      facultyId: 'f',
      batchSubjectId: 's',
    });
  });
});

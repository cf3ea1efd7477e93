import { MESSAGES } from '@portal/shared/messages';
import { describe, expect, it } from 'vitest';
import {
  type EditStudentValues,
  emptyAddStudent,
  toDayFirst,
  toYearFirst,
  validateAddStudent,
  validateEditStudent,
} from './validation';

const filled = {
  ...emptyAddStudent('2b0c5c1e-4a8f-4d53-9a57-0f3f1f7c1a11', '2026-27'),
  name: 'Meera Nair',
  gender: 'female' as const,
  date_of_birth: '17/05/2011',
  mobile: '9845012345, 9845012346',
};

describe('dates', () => {
  it('turns DD/MM/YYYY into YYYY/MM/DD and back from YYYY-MM-DD', () => {
    expect(toYearFirst('17/05/2011')).toBe('2011/05/17');
    expect(toYearFirst('7/5/2011')).toBe('2011/05/07');
    expect(toYearFirst('2011-05-17')).toBeNull();
    expect(toDayFirst('2011-05-17')).toBe('17/05/2011');
    expect(toDayFirst(null)).toBe('');
  });
});

describe('validateAddStudent', () => {
  it('sends the date year first, the lists split, and no empty e-mail', () => {
    const result = validateAddStudent(filled);
    expect(result.error).toBeNull();
    expect(result.body).toMatchObject({
      date_of_birth: '2011/05/17',
      mobile: ['9845012345', '9845012346'],
      admission_year: '2026-27',
    });
    expect(result.body).not.toHaveProperty('email');
  });

  it.each([{ batch_id: null }, { name: ' ' }, { gender: null }, { date_of_birth: '' }, { mobile: '  ' }])(
    'asks for the mandatory fields when %j',
    (change) => {
      expect(validateAddStudent({ ...filled, ...change }).error).toBe(MESSAGES.fillAllMandatoryFields);
    },
  );

  it('names a mobile that is there but wrong, also when other mandatory fields are missing', () => {
    for (const mobile of ['abc', '12', ' , ', '9845012345, call me']) {
      expect(validateAddStudent({ ...filled, mobile })).toMatchObject({
        error: MESSAGES.mobileInvalid,
        fields: { mobile: MESSAGES.mobileInvalid },
      });
      expect(validateAddStudent({ ...filled, gender: null, date_of_birth: '', mobile })).toMatchObject({
        error: MESSAGES.fillAllMandatoryFields,
        fields: { mobile: MESSAGES.mobileInvalid },
      });
    }
  });

  it('names a bad date or e-mail', () => {
    expect(validateAddStudent({ ...filled, date_of_birth: '2011-05-17' }).fields.date_of_birth).toBe(
      MESSAGES.csvDateFormat,
    );
    expect(validateAddStudent({ ...filled, email: 'nope' }).fields.email).toBe(MESSAGES.emailInvalid);
  });
});

const editValues: EditStudentValues = {
  name: 'A',
  mother_name: '',
  father_name: '',
  guardian_name: '',
  date_of_birth: '03/04/2012',
  admission_year: '',
  gender: 'male',
  email: '',
  mobile: '900000001',
  prn: '',
  allowUpload: 'yes',
  extra_time_percent: '0',
};

describe('dates of birth', () => {
  const now = new Date(2026, 10, 20, 12);
  it('accepts 01/01/1900 to today and names the window otherwise', () => {
    for (const date of ['01/01/1900', '20/11/2026']) {
      expect(validateAddStudent({ ...filled, date_of_birth: date }, now).error).toBeNull();
    }
    for (const date of ['31/12/1899', '01/01/0000', '21/11/2026', '31/12/9999']) {
      expect(validateAddStudent({ ...filled, date_of_birth: date }, now).fields.date_of_birth).toBe(
        MESSAGES.dateOfBirthRange,
      );
      const edit = validateEditStudent({ ...editValues, date_of_birth: date }, now);
      expect(edit.fields.date_of_birth).toBe(MESSAGES.dateOfBirthRange);
    }
  });
});

describe('a date of birth in the right format that the calendar does not have', () => {
  it('is named as no such day, in both forms; a real 29 February is accepted', () => {
    for (const date of ['31/02/2011', '29/02/2011', '31/04/2012', '00/05/2011', '12/13/2011']) {
      expect(validateEditStudent({ ...editValues, date_of_birth: date }).fields.date_of_birth).toBe(
        MESSAGES.dateOfBirthNoSuchDay,
      );
      expect(validateAddStudent({ ...filled, date_of_birth: date }).fields.date_of_birth).toBe(
        MESSAGES.dateOfBirthNoSuchDay,
      );
    }
    expect(validateEditStudent({ ...editValues, date_of_birth: '29/02/2012' }).error).toBeNull();
    expect(validateEditStudent({ ...editValues, date_of_birth: '2011' }).fields.date_of_birth).toBe(
      MESSAGES.csvDateFormat,
    );
  });
});

describe('validateEditStudent', () => {
  it("maps 'Allow Upload Assessment' no to uploadAssessmentNotAllowed", () => {
    const result = validateEditStudent({
      name: 'A',
      mother_name: '',
      father_name: '',
      guardian_name: '',
      date_of_birth: '03/04/2012',
      admission_year: '',
      gender: 'male',
      email: 'a@x.test, b@x.test',
      mobile: '900000001',
      prn: '',
      allowUpload: 'no',
      extra_time_percent: '',
    });
    expect(result.body).toMatchObject({ uploadAssessmentNotAllowed: true, date_of_birth: '03/04/2012' });
  });

  it('sends the standing extra time as a number, empty as none, and refuses one out of range', () => {
    expect(validateEditStudent({ ...editValues, extra_time_percent: '33.33' }).body).toMatchObject({
      extra_time_percent: 33.33,
    });
    expect(validateEditStudent({ ...editValues, extra_time_percent: ' ' }).body).toMatchObject({
      extra_time_percent: 0,
    });
    for (const typed of ['250', '-5', 'lots']) {
      expect(validateEditStudent({ ...editValues, extra_time_percent: typed }).error).toBe(
        MESSAGES.extraPercentInvalid,
      );
    }
  });
});

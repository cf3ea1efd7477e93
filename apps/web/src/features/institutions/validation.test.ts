import { MESSAGES } from '@portal/shared/messages';
import { createBatchBodySchema } from '@portal/shared/schemas/batches';
import { createInstitutionBodySchema, createModeratorBodySchema } from '@portal/shared/schemas/institutions';
import { describe, expect, it } from 'vitest';
import { checkForm } from './validation';

describe('checkForm', () => {
  it('accepts a complete institution and trims it', () => {
    const check = checkForm(createInstitutionBodySchema, {
      title: '  Riverside  ',
      academic_year: '2024-25',
      nav_logo: '/files/logo.png',
    });
    expect(check).toEqual({
      ok: true,
      data: { title: 'Riverside', academic_year: '2024-25', nav_logo: '/files/logo.png' },
    });
  });

  it('answers the spec’s form message and marks every missing field', () => {
    const check = checkForm(createInstitutionBodySchema, { title: '', academic_year: '', nav_logo: '' });
    expect(check).toEqual({
      ok: false,
      message: MESSAGES.fillTheForm,
      fields: { title: true, academic_year: 'Academic year must look like 2024-25.', nav_logo: true },
    });
  });

  it('refuses an academic year that is not YYYY-YY with the following year', () => {
    for (const year of ['2024', '2024-2025', '24-25', '2024-26', 'abcd-ef']) {
      const check = checkForm(createBatchBodySchema, { title: 'Class 6', academic_year: year });
      expect(check.ok, year).toBe(false);
      if (!check.ok) expect(check.message).toBe(MESSAGES.fillTheForm);
    }
    expect(checkForm(createBatchBodySchema, { title: 'Class 6', academic_year: '2099-00' }).ok).toBe(true);
  });

  it('needs username, password and institution for a moderator', () => {
    const check = checkForm(createModeratorBodySchema, { username: ' ', password: '', institution_id: '' });
    expect(check.ok).toBe(false);
    if (!check.ok)
      expect(Object.keys(check.fields).sort()).toEqual(['institution_id', 'password', 'username']);
  });
});

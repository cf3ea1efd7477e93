import { MESSAGES } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studyPlans } from '../../db/schema/index.js';
import { createPlannableSubject } from '../../test/factories/study-plans.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let school: Awaited<ReturnType<TestApp['createSchool']>>;
let maths: Awaited<ReturnType<typeof createPlannableSubject>>;
beforeAll(async () => {
  t = await createTestApp();
  school = await t.createSchool();
  maths = await createPlannableSubject(t.db, {
    institutionId: school.institution.id,
    batchId: school.batch.id,
  });
});
afterAll(() => t.close());

/** Outside 2000-01-01..2099-12-31: days PostgreSQL cannot hold (year 0) and days no school plans. */
const OUTSIDE = ['0000-01-01', '0001-01-01', '1999-12-31', '2100-01-01', '9999-12-31'];

function expectOutside(
  response: { statusCode: number; json(): { error: { fields: Record<string, string> } } },
  field: string,
) {
  expect(response.statusCode).toBe(400);
  expect(response.json().error.fields[field]).toBe(MESSAGES.calendarDateRange);
}

describe('study plan days', () => {
  const plan = (date: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/study-plans',
      payload: { date, topic_ids: [maths.topics[0]!.id], batch_subject_id: maths.batchSubject.id },
      headers: bearer(school.tokens.moderator),
    });

  it('are planned from 2000-01-01 to 2099-12-31 and refused outside with the window named', async () => {
    for (const date of OUTSIDE) expectOutside(await plan(date), 'date');
    expect(await t.db.select().from(studyPlans)).toHaveLength(0);
    for (const date of ['2000-01-01', '2099-12-31']) expect((await plan(date)).statusCode).toBe(201);
  });

  it('are read within the same window, by moderators and by students', async () => {
    for (const date of OUTSIDE) {
      expectOutside(
        await t.app.inject({
          url: `/api/study-plans/daily/${date}`,
          headers: bearer(school.tokens.moderator),
        }),
        'date',
      );
      expectOutside(
        await t.app.inject({
          url: `/api/users/me/studyplans/daily/${date}`,
          headers: bearer(school.tokens.student),
        }),
        'date',
      );
      for (const list of ['pending-items', 'last-visited']) {
        expectOutside(
          await t.app.inject({
            url: `/api/users/me/${list}?date=${date}`,
            headers: bearer(school.tokens.student),
          }),
          'date',
        );
      }
    }
  });
});

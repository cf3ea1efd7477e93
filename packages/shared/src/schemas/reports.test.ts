import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.js';
import { reportBatchQuerySchema, reportDateSchema, teacherReportQuerySchema } from './reports.js';

describe('report inputs', () => {
  it('takes real days of 2000-2099 only', () => {
    expect(reportDateSchema.safeParse('2026-11-23').success).toBe(true);
    for (const bad of ['2026-02-30', '23-11-2026', '2026-11-23T00:00', '', '1999-12-31']) {
      expect(reportDateSchema.safeParse(bad).success, bad).toBe(false);
    }
    expect(reportDateSchema.safeParse('2026-13-01').error?.issues[0]?.message).toBe(
      MESSAGES.reportDateInvalid,
    );
  });

  it("filters by one batch or 'all', the default", () => {
    expect(reportBatchQuerySchema.parse({}).batch_id).toBe('all');
    expect(reportBatchQuerySchema.safeParse({ batch_id: 'everyone' }).success).toBe(false);
  });

  it('refuses a range that ends before it starts or spans more than two years', () => {
    expect(teacherReportQuerySchema.safeParse({ from: '2026-04-01', to: '2027-03-31' }).success).toBe(true);
    expect(teacherReportQuerySchema.safeParse({ from: '2026-04-02', to: '2026-04-01' }).success).toBe(false);
    expect(teacherReportQuerySchema.safeParse({ from: '2024-01-01', to: '2026-04-01' }).success).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { downloadPath, readReportChoice, reportApiPath } from './report-kinds';

const institution = '6b0c3f4e-2f1d-4c7a-9a55-0d6f3e2b1a90';

describe('readReportChoice', () => {
  it('defaults to Attendance By Topic, today and every batch', () => {
    expect(readReportChoice(new URLSearchParams(''), '2026-11-18')).toEqual({
      kind: 'topic',
      date: '2026-11-18',
      batch: 'all',
      batchSubject: null,
    });
  });

  it('reads the address and ignores what it does not know', () => {
    const choice = readReportChoice(new URLSearchParams('type=week&date=2026-11-17&batch=b1'), '2026-11-18');
    expect(choice).toMatchObject({ kind: 'week', date: '2026-11-17', batch: 'b1' });
    expect(readReportChoice(new URLSearchParams('type=x&date=17/11/2026'), '2026-11-18')).toMatchObject({
      kind: 'topic',
      date: '2026-11-18',
    });
  });
});

describe('reportApiPath', () => {
  const choice = { kind: 'topic', date: '2026-11-17', batch: 'all', batchSubject: null } as const;

  it('names each report by the API’s paths', () => {
    expect(reportApiPath(institution, choice)).toBe(
      `/cwx/get-daily-json-report/institution/${institution}/date/2026-11-17?batch_id=all`,
    );
    expect(reportApiPath(institution, { ...choice, kind: 'week' })).toBe(
      `/cwx/get-daily-json-attendance-by-batch/institution/${institution}/date/2026-11-17/weekly?batch_id=all`,
    );
    expect(reportApiPath(institution, { ...choice, kind: 'live', batch: 'b1' })).toBe(
      '/cwx/get-daily-json-report-online/date/2026-11-17?batch_id=b1',
    );
    expect(reportApiPath(institution, { ...choice, kind: 'subject' })).toBeNull();
    expect(reportApiPath(institution, { ...choice, kind: 'subject', batchSubject: 's1' })).toBe(
      `/cwx/get-daily-json-attendance-by-subject/institution/${institution}/batch-subject/s1/date/2026-11-17`,
    );
  });

  it('puts /pdf and /csv before the query string', () => {
    expect(downloadPath('/a/b?batch_id=all', 'pdf')).toBe('/a/b/pdf?batch_id=all');
    expect(downloadPath('/a/b', 'csv')).toBe('/a/b/csv');
  });
});

import { describe, expect, it } from 'vitest';
import { sortFacultyRows } from './faculty-sort';

const row = (name: string, topics: number) => ({
  faculty_id: '6b0c3f4e-2f1d-4c7a-9a55-0d6f3e2b1a90',
  name,
  topics_count: topics,
  doubts_count: 0,
  doubts_answered: 0,
  online_session_count: 0,
});

describe('sortFacultyRows', () => {
  const rows = [row('Hari', 2), row('Fiona', 5), row('George', 2)];

  it('sorts counts as numbers, ties by name', () => {
    expect(sortFacultyRows(rows, 'topics_count', 'desc').map((r) => r.name)).toEqual([
      'Fiona',
      'George',
      'Hari',
    ]);
    expect(sortFacultyRows(rows, 'topics_count', 'asc').map((r) => r.name)).toEqual([
      'George',
      'Hari',
      'Fiona',
    ]);
  });

  it('sorts names alphabetically either way, leaving the list it was given alone', () => {
    expect(sortFacultyRows(rows, 'name', 'desc').map((r) => r.name)).toEqual(['Hari', 'George', 'Fiona']);
    expect(rows.map((r) => r.name)).toEqual(['Hari', 'Fiona', 'George']);
  });
});

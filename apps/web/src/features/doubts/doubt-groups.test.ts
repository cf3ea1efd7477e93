import type { Doubt } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { groupByTopic } from './doubt-groups';

const doubt = (id: string, topicId: string, topicTitle: string): Doubt => ({
  _id: id,
  doubt_text: `Doubt ${id}`,
  topic_id: topicId,
  topic_title: topicTitle,
  chapter_id: 'chapter',
  chapter_title: 'Chapter',
  batch_subject_id: 'batch-subject',
  subject_id: 'subject',
  subject_title: 'Subject',
  batch_title: 'Class 10 A',
  author_name: 'You',
  is_own: true,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  response_count: 0,
  responses_total: 0,
  answered: false,
  responses: [],
});

describe('groupByTopic', () => {
  it('keeps the list order: groups by first appearance, doubts newest first within', () => {
    const groups = groupByTopic([
      doubt('1', 'b', 'Bonds'),
      doubt('2', 'a', 'Atoms'),
      doubt('3', 'b', 'Bonds'),
    ]);
    expect(groups.map((group) => group.topicTitle)).toEqual(['Bonds', 'Atoms']);
    expect(groups[0]?.doubts.map((item) => item._id)).toEqual(['1', '3']);
    expect(groups[1]?.doubts.map((item) => item._id)).toEqual(['2']);
  });

  it('gives no groups for no doubts', () => {
    expect(groupByTopic([])).toEqual([]);
  });
});

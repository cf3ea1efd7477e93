import type { HomeTopic, StudyPlanEntry } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { homeTopicCards, isOpenable, newTopicCards } from './home-topics';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function entry(n: number, viewed: boolean | undefined): StudyPlanEntry {
  return {
    _id: id(n),
    topic_id: id(100 + n),
    date: '2025-01-06',
    batch_subject_id: id(200),
    batch_id: id(300),
    subject_title: 'Physics',
    chapter_id: id(400),
    chapter_title: 'Light',
    topic_title: `Topic ${n}`,
    visibility: true,
    start_time: null,
    end_time: null,
    subject_logo_url: null,
    topic_logo_url: null,
    viewed,
  };
}

describe('home topic cards', () => {
  it('New Topics keeps only the plan entries not yet viewed', () => {
    const cards = newTopicCards([entry(1, false), entry(2, true), entry(3, undefined)]);
    expect(cards.map((card) => card.topicTitle)).toEqual(['Topic 1', 'Topic 3']);
    expect(cards[0]).toMatchObject({ planDate: '2025-01-06', batchId: id(300), batchSubjectId: id(200) });
  });

  it('pending and last visited topics keep their day (or none) and when they were viewed', () => {
    const topic: HomeTopic = {
      topic_id: id(1),
      topic_title: 'Lenses',
      topic_logo_url: null,
      type: 'image',
      chapter_id: id(2),
      chapter_title: 'Light',
      batch_subject_id: id(3),
      subject_id: id(4),
      subject_title: 'Physics',
      subject_logo: 'physics',
      subject_logo_url: null,
      date: null,
      viewed_at: '2025-01-06T10:00:00.000Z',
    };
    expect(homeTopicCards([topic])[0]).toMatchObject({
      planDate: null,
      viewedAt: '2025-01-06T10:00:00.000Z',
    });
  });

  it('a study-plan topic opens only on or after its day', () => {
    expect(isOpenable({ planDate: '2025-01-05' }, '2025-01-06')).toBe(true);
    expect(isOpenable({ planDate: '2025-01-06' }, '2025-01-06')).toBe(true);
    expect(isOpenable({ planDate: '2025-01-07' }, '2025-01-06')).toBe(false);
    expect(isOpenable({ planDate: null }, '2025-01-06')).toBe(true);
  });
});

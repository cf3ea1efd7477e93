import { describe, expect, it } from 'vitest';
import { answerJson, extendedPart, jsonOf, listOfParts, ownFields, sharedPart } from './shared-json.js';

const same = (value: unknown) => expect(answerJson(value)).toBe(JSON.stringify(value));

describe('answerJson', () => {
  it('writes what JSON.stringify writes when nothing is marked', () => {
    same({
      data: { topics: [{ _id: 'a', title: 'Ohm’s "law"', n: 1.5, ok: true, none: null }], page: null },
    });
    same({
      data: { skipped: undefined, fn: () => 1, at: new Date('2026-11-28T06:00:00Z'), list: [undefined, 1] },
    });
    same({ data: { nested: { deeper: { deepest: [1, { x: 'y' }] } } } });
    same({ error: { code: 'NOT_FOUND', message: 'Topic not found' } });
    same([1, 'two', { three: 3 }]);
    same('text');
    same(null);
    same(Number.NaN);
    same({ toJSON: () => ({ made: 'by toJSON' }) });
    same({ data: Object.assign(Object.create(null), { a: 1 }), boxed: new String('text') });
    same(new Map([['a', 1]]));
    class Point {
      constructor(readonly x = 1) {}
      get twice() {
        return this.x * 2;
      }
    }
    same({ data: new Point() });
  });

  it('reuses a shared part’s text: it is made once', () => {
    const topics = sharedPart([{ _id: 't1', title: 'Force' }]);
    const first = answerJson({ data: { topics } });
    expect(first).toBe(JSON.stringify({ data: { topics } }));
    // A shared part never changes; were it changed, the text made first would still be written.
    topics[0]!.title = 'Changed';
    expect(answerJson({ data: { topics } })).toBe(first);
    expect(jsonOf(topics)).toBe(JSON.stringify([{ _id: 't1', title: 'Force' }]));
  });

  it('writes a list of parts item by item, shared ones from their text', () => {
    const read = sharedPart({ _id: 'e1', topic_title: 'Force "and" mass', viewed: true });
    const unread = sharedPart({ _id: 'e2', topic_title: 'Energy', viewed: false });
    const plans = listOfParts([read, unread, { _id: 'e3', plain: [1, 2] }, read]);
    const answer = { data: { study_plans: plans, page: { limit: 20, next_cursor: null } } };
    expect(answerJson(answer)).toBe(JSON.stringify(answer));
    read.viewed = false;
    expect(answerJson(answer)).toContain('{"_id":"e1","topic_title":"Force \\"and\\" mass","viewed":true}');
  });

  it('writes unmarked lists and copies of marked objects whole', () => {
    const part = sharedPart({ a: 1 });
    const list = listOfParts([part]);
    const answer = { data: { list: [part, { b: 2 }], copy: { ...part, more: 2 }, listCopy: [...list] } };
    part.a = 2;
    expect(answerJson(answer)).toBe(JSON.stringify(answer));
  });

  it('writes an extended part as its shared text with its own fields after it', () => {
    const card = { topic_id: 't1', topic_title: 'Force "and" mass', type: 'video' };
    const own = ownFields(['batch_subject_id', 'date', 'viewed_at', 'absent']);
    const visit = (batchSubject: string, at: string) =>
      extendedPart(
        { ...card, batch_subject_id: batchSubject, date: null, viewed_at: at, absent: undefined },
        card,
        own,
      );
    const first = visit('bs1', '2026-11-28T06:00:00.000Z');
    const second = visit('bs2', '2026-11-27T06:00:00.000Z');
    const answer = { data: { last_visited_topics: listOfParts([first, second]) } };
    const written = answerJson(answer);
    expect(JSON.parse(written)).toEqual(JSON.parse(JSON.stringify(answer)));
    expect(written.length).toBe(JSON.stringify(answer).length);
    // The card's text is made once and shared: a change to it after the first answer is not written.
    card.topic_title = 'Changed';
    expect(answerJson(answer)).toBe(written);
    expect(written).toContain(
      '{"topic_id":"t1","topic_title":"Force \\"and\\" mass","type":"video","batch_subject_id":"bs1","date":null,',
    );
  });

  it('writes an extended part of an empty shared part, and a copy of one whole', () => {
    const only = extendedPart({ mine: 1 }, {}, ownFields(['mine']));
    expect(answerJson({ data: listOfParts([only]) })).toBe('{"data":[{"mine":1}]}');
    const part = { a: 1 };
    const extended = extendedPart({ a: 1, b: 2 }, part, ownFields(['b']));
    const copy = { ...extended, b: 3 };
    expect(answerJson({ data: listOfParts([copy]) })).toBe('{"data":[{"a":1,"b":3}]}');
  });
});

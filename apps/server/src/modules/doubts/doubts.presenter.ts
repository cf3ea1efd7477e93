import { type Doubt, type DoubtResponse, MESSAGES } from '@portal/shared';
import { withLanguage } from '../../lib/language.js';
import type { DoubtRow, Reader, ResponseJson } from './doubts.repository.js';

/**
 * How a student author is named to this reader (decision 22): students see 'You' for themselves
 * and 'Anonymous' for every other student; faculty and moderators see the student's name.
 */
function studentAuthorName(reader: Reader, own: boolean, realName: string): string {
  if (reader.permission !== 'student') return realName;
  return withLanguage(reader.language, () => (own ? MESSAGES.doubtAuthorYou : MESSAGES.doubtAuthorAnonymous));
}

/** A reply as `reader` sees it; teachers' replies always carry the teacher's name. */
export function presentResponse(response: ResponseJson, reader: Reader): DoubtResponse {
  const own = response.author_user_id === reader.userId;
  return {
    _id: response._id,
    response_text: response.response_text,
    doubt_id: response.doubt_id,
    author_name:
      response.author_role === 'student'
        ? studentAuthorName(reader, own, response.author_name)
        : response.author_name,
    author_role: response.author_role,
    is_own: own,
    created_at: response.created_at,
  };
}

export function presentDoubt(row: DoubtRow, reader: Reader): Doubt {
  const own = reader.permission === 'student' && row.student_id === reader.entityId;
  return {
    _id: row.id,
    doubt_text: row.doubt_text,
    topic_id: row.topic_id,
    topic_title: row.topic_title,
    chapter_id: row.chapter_id,
    chapter_title: row.chapter_title,
    batch_subject_id: row.batch_subject_id,
    subject_id: row.subject_id,
    subject_title: row.subject_title,
    batch_title: row.batch_title,
    author_name: studentAuthorName(reader, own, row.student_name),
    is_own: own,
    created_at: row.created_at,
    updated_at: row.updated_at,
    response_count: row.response_count,
    responses_total: row.responses_total,
    answered: row.answered,
    responses: row.responses.map((response) => presentResponse(response, reader)),
  };
}

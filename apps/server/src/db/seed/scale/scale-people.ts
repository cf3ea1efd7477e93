import { SCALE_INSTITUTION_TITLE } from './scale-size.js';
import { id, literal, pick, type ScaleContext } from './scale-sql.js';
import { DESIGNATIONS, genderOf, personName, surname } from './scale-texts.js';

// The institution, its batches and its people: one moderator, the faculty and the students, each
// with a login that signs in with SCALE_PASSWORD (no forced change).

/** `openedOn` at `hour` in the institution's zone, plus `seconds` (an SQL expression). */
export const openedAt = (context: ScaleContext, hour: number, seconds = '0') =>
  `((${literal(context.openedOn)}::date + time '${String(hour).padStart(2, '0')}:00') at time zone ${literal(context.timeZone)} + (${seconds}) * interval '1 second')`;

export async function seedInstitution(context: ScaleContext): Promise<void> {
  const { client } = context;
  await client.query(
    `insert into institutions (id, title, academic_year, time_zone, created_at, updated_at)
     values ($1, $2, $3, $4, ${openedAt(context, 8)}, ${openedAt(context, 8)})`,
    [context.institutionId, SCALE_INSTITUTION_TITLE, context.academicYear, context.timeZone],
  );
  const { batches, sectionsPerGrade } = context.size;
  await client.query(
    `insert into batches (id, institution_id, title, academic_year, display_order, created_at, updated_at)
     select ${id('batch', 'b')}, $1::uuid,
       'Class ' || (6 + b / ${sectionsPerGrade}) || ' ' || chr(65 + b % ${sectionsPerGrade}), $2, b,
       ${openedAt(context, 8, 'b')}, ${openedAt(context, 8, 'b')}
     from generate_series(0, ${batches - 1}) b`,
    [context.institutionId, context.academicYear],
  );
}

export async function seedPeople(context: ScaleContext): Promise<void> {
  const { client, size, shape } = context;
  const params = [context.institutionId, context.passwordHash];
  const facultyUsername = `'scale-faculty-' || lpad((f + 1)::text, 3, '0')`;
  const studentUsername = `'scale-student-' || lpad((s + 1)::text, 4, '0')`;
  await client.query(
    `insert into users (id, username, password_hash, permission, institution_id, email, created_at, updated_at)
     select ${id('moderator-user', '0')}, 'scale-moderator', $2, 'moderator', $1::uuid, 'scale-moderator@scale.example',
       ${openedAt(context, 8)}, ${openedAt(context, 8)}
     union all
     select ${id('faculty-user', 'f')}, ${facultyUsername}, $2, 'faculty', $1::uuid, null,
       ${openedAt(context, 9, 'f')}, ${openedAt(context, 9, 'f')}
     from generate_series(0, ${size.faculty - 1}) f
     union all
     select ${id('student-user', 's')}, ${studentUsername}, $2, 'student', $1::uuid, null,
       ${openedAt(context, 10, 's')}, ${openedAt(context, 10, 's')}
     from generate_series(0, ${shape.students - 1}) s`,
    params,
  );
  await client.query(
    `insert into faculties (id, institution_id, user_id, name, gender, email, mobile, prn, designation, created_at, updated_at)
     select ${id('faculty', 'f')}, $1::uuid, ${id('faculty-user', 'f')}, ${personName('f + 1')}, ${genderOf('f + 1')},
       array[${facultyUsername} || '@scale.example'], array['98' || lpad(f::text, 8, '0')],
       'SF-' || lpad((f + 1)::text, 4, '0'), ${pick(DESIGNATIONS, 'f')},
       ${openedAt(context, 9, 'f')}, ${openedAt(context, 9, 'f')}
     from generate_series(0, ${size.faculty - 1}) f`,
    [context.institutionId],
  );
  // A student of grade g (Class 6 + g) was born 11 + g years before the academic year began.
  const startYear = Number(context.academicYear.slice(0, 4));
  await client.query(
    `insert into students (id, institution_id, user_id, batch_id, name, gender, date_of_birth, admission_year,
       email, mobile, prn, father_name, created_at, updated_at)
     select ${id('student', 's')}, $1::uuid, ${id('student-user', 's')}, ${id('batch', 'b')},
       ${personName('s + 7')}, ${genderOf('s + 7')},
       make_date(${startYear - 11} - b / ${size.sectionsPerGrade}, 1 + s % 12, 1 + s % 28), $2,
       array[${studentUsername} || '@scale.example'], array['99' || lpad(s::text, 8, '0')],
       'SS-' || lpad((s + 1)::text, 5, '0'), 'Mr. ' || ${surname('s + 7')},
       ${openedAt(context, 10, 's')}, ${openedAt(context, 10, 's')}
     from generate_series(0, ${shape.students - 1}) s, lateral (select s / ${size.studentsPerBatch} as b) batch`,
    [context.institutionId, context.academicYear],
  );
}

/**
 * What a hostile or careless client may send, and a valid-looking value for any field of the
 * OpenAPI document, so one field at a time can be made hostile while the rest of the request is
 * plausible enough to reach the code behind validation.
 */

/** JSON text nested `levels` deep: arrays in arrays (objects when `asObjects`). */
export function nestedJson(levels: number, asObjects = false): string {
  return asObjects
    ? `${'{"a":'.repeat(levels)}"deep"${'}'.repeat(levels)}`
    : `${'['.repeat(levels)}"deep"${']'.repeat(levels)}`;
}

/** A Tiptap document of quotes in quotes, `levels` deep, with a paragraph at the bottom. */
export function deepRichTextJson(levels: number): string {
  const open = '{"type":"blockquote","content":['.repeat(levels);
  const close = ']}'.repeat(levels);
  return `{"type":"doc","content":[${open}{"type":"paragraph","content":[{"type":"text","text":"deep"}]}${close}]}`;
}

const ONE_MB = 1_000_000;

/** Values put into one JSON field at a time (`json`: raw JSON text, for nesting too deep to stringify). */
export const HOSTILE_JSON_VALUES: { name: string; value?: unknown; json?: string }[] = [
  { name: 'NUL alone', value: '\u0000' },
  { name: 'NUL inside', value: 'ab\u0000cd' },
  { name: 'lone high surrogate', value: 'a\ud800b' },
  { name: 'lone low surrogate', value: '\udc00' },
  { name: '1 MB string', value: 'x'.repeat(ONE_MB) },
  { name: '100 KB of multi-byte text', value: 'é'.repeat(50_000) },
  { name: 'empty string', value: '' },
  { name: 'blank string', value: ' \t\n ' },
  { name: 'control characters', value: '\u0001\u0007\u001b[31m' },
  { name: 'SQL-looking text', value: "' OR 1=1; DROP TABLE users; --" },
  { name: 'markup', value: '<script>alert(1)</script>' },
  { name: 'path', value: '../../../etc/passwd' },
  { name: 'emoji and RTL', value: '😀\u202eabc' },
  { name: 'date 0000-01-01', value: '0000-01-01' },
  { name: 'date 0001-01-01', value: '0001-01-01' },
  { name: 'date 9999-12-31', value: '9999-12-31' },
  { name: 'date 10000-01-01', value: '10000-01-01' },
  { name: 'date 2026-02-30', value: '2026-02-30' },
  { name: 'date 2026-13-01', value: '2026-13-01' },
  { name: 'date-time', value: '2026-11-20T25:61:00+99:00' },
  { name: 'expanded year', value: '+275760-09-13' },
  { name: 'negative year', value: '-000001-01-01' },
  { name: 'slashed date 00/00/0000', value: '00/00/0000' },
  { name: 'slashed date 31/12/9999', value: '31/12/9999' },
  { name: 'slashed date 0000/01/01', value: '0000/01/01' },
  { name: 'number string', value: '1e400' },
  { name: 'nil uuid', value: '00000000-0000-0000-0000-000000000000' },
  { name: 'max uuid', value: 'ffffffff-ffff-ffff-ffff-ffffffffffff' },
  { name: 'zero', value: 0 },
  { name: 'negative', value: -1 },
  { name: 'fraction', value: 1.5 },
  { name: 'huge number', value: 1e308 },
  { name: 'huge negative number', value: -1e308 },
  { name: 'beyond safe integer', value: 2 ** 53 + 1 },
  { name: 'tiny number', value: 5e-324 },
  { name: 'true', value: true },
  { name: 'false', value: false },
  { name: 'null', value: null },
  { name: 'empty array', value: [] },
  { name: 'array of a string', value: ['x'] },
  { name: 'array of NUL', value: ['\u0000'] },
  { name: 'array of 10,000 items', value: Array.from({ length: 10_000 }, (_, i) => String(i)) },
  { name: 'empty object', value: {} },
  { name: 'operator object', value: { $ne: null, $gt: '' } },
  { name: 'object with a NUL key', value: { 'a\u0000b': 1 } },
  { name: 'object with a lone surrogate key', value: { '\ud800': 1 } },
  { name: 'array 10,000 deep', json: nestedJson(10_000) },
  { name: 'object 10,000 deep', json: nestedJson(10_000, true) },
  { name: 'array 100 deep', json: nestedJson(100) },
  { name: 'rich text 10,000 deep', json: deepRichTextJson(10_000) },
  { name: 'rich text 40 deep', json: deepRichTextJson(40) },
  {
    name: 'rich text with nodes and marks the editor lacks',
    value: {
      type: 'doc',
      content: [
        { type: 'image', attrs: { src: 'https://example.com/x.png' } },
        {
          type: 'paragraph',
          content: [{ type: 'text', text: 'x', marks: [{ type: 'textStyle', attrs: { color: 'red' } }] }],
        },
      ],
    },
  },
];

/** Values put into one query or path parameter at a time (as the raw text of the URL). */
export const HOSTILE_URL_TEXTS: { name: string; text: string }[] = [
  { name: 'NUL', text: '%00' },
  { name: 'NUL inside', text: 'ab%00cd' },
  { name: 'invalid UTF-8 (encoded surrogate)', text: '%ED%A0%80' },
  { name: 'invalid percent escape', text: '%E0%A4%A' },
  { name: 'bare percent', text: '%' },
  { name: 'empty', text: '' },
  { name: 'long text', text: 'x'.repeat(100_000) },
  { name: 'date 0000-01-01', text: '0000-01-01' },
  { name: 'date 0001-01-01', text: '0001-01-01' },
  { name: 'date 9999-12-31', text: '9999-12-31' },
  { name: 'date 2026-02-30', text: '2026-02-30' },
  { name: 'year 0000-01', text: '0000-01' },
  { name: 'year 9999-00', text: '9999-00' },
  { name: 'number', text: '1e400' },
  { name: 'negative', text: '-1' },
  { name: 'SQL-looking text', text: encodeURIComponent("' OR 1=1 --") },
  { name: 'path traversal', text: '..%2F..%2Fetc%2Fpasswd' },
  { name: 'nil uuid', text: '00000000-0000-0000-0000-000000000000' },
  { name: 'comma list of junk', text: 'a,,b,%00,' },
  { name: 'array-style key', text: 'x&[]=1' },
];

/**
 * File names put into a multipart upload, as the raw bytes of its `filename` (or, RFC 5987-encoded,
 * of its `filename*`), so a NUL or a broken UTF-8 sequence reaches the server as it was sent.
 */
export const HOSTILE_FILE_NAMES: { name: string; filename?: Buffer; encoded?: string }[] = [
  { name: 'NUL alone', filename: Buffer.from('\u0000') },
  { name: 'NUL inside', filename: Buffer.from('notes\u0000.png') },
  { name: 'NUL before the extension, encoded', encoded: "UTF-8''notes%00.png" },
  {
    name: 'invalid UTF-8 (encoded surrogate)',
    filename: Buffer.from([0x61, 0xed, 0xa0, 0x80, 0x2e, 0x70, 0x6e, 0x67]),
  },
  { name: 'lone surrogate, encoded', encoded: "UTF-8''a%ED%A0%80.png" },
  { name: 'control characters', filename: Buffer.from('\u0001\u0007\u001b[31m.png') },
  { name: 'path traversal', filename: Buffer.from('../../../etc/passwd') },
  { name: 'Windows path', filename: Buffer.from('C:\\Windows\\win.ini') },
  { name: 'only an extension', filename: Buffer.from('.png') },
  { name: 'blank', filename: Buffer.from(' \t ') },
  { name: 'emoji and RTL', filename: Buffer.from('😀\u202egnp.exe') },
  { name: '10,000 characters', filename: Buffer.from(`${'x'.repeat(10_000)}.png`) },
  { name: 'markup', filename: Buffer.from('<img src=x onerror=alert(1)>.html') },
];

const BOUNDARY = 'hostile-sweep-boundary';

/** A multipart body with one part `file` named by `hostile`, and its content type. */
export function multipartWithFileName(hostile: (typeof HOSTILE_FILE_NAMES)[number]): {
  payload: Buffer;
  contentType: string;
} {
  const name = hostile.encoded
    ? Buffer.from(`filename*=${hostile.encoded}`)
    : Buffer.concat([Buffer.from('filename="'), hostile.filename ?? Buffer.alloc(0), Buffer.from('"')]);
  const payload = Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; `),
    name,
    Buffer.from('\r\nContent-Type: application/octet-stream\r\n\r\nsweep file\r\n'),
    Buffer.from(`--${BOUNDARY}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${BOUNDARY}` };
}

/** Whole bodies that are not the object an operation expects. */
export const HOSTILE_BODIES: { name: string; payload: string; contentType: string }[] = [
  { name: 'array for the object', payload: '[]', contentType: 'application/json' },
  { name: 'string for the object', payload: '"text"', contentType: 'application/json' },
  { name: 'number for the object', payload: '42', contentType: 'application/json' },
  { name: 'null body', payload: 'null', contentType: 'application/json' },
  { name: 'malformed JSON', payload: '{"a":', contentType: 'application/json' },
  { name: 'NUL outside strings', payload: '{"a":1}\u0000', contentType: 'application/json' },
  { name: 'prototype pollution', payload: '{"__proto__":{"admin":true}}', contentType: 'application/json' },
  {
    name: 'constructor pollution',
    payload: '{"constructor":{"prototype":{"admin":true}}}',
    contentType: 'application/json',
  },
  { name: 'NUL key', payload: '{"\\u0000":"x"}', contentType: 'application/json' },
  { name: 'array 100,000 deep', payload: nestedJson(100_000), contentType: 'application/json' },
  { name: 'object 50,000 deep', payload: nestedJson(50_000, true), contentType: 'application/json' },
  {
    name: 'body over the limit',
    payload: `{"a":"${'x'.repeat(1_100_000)}"}`,
    contentType: 'application/json',
  },
  { name: 'form-encoded', payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
  { name: 'plain text', payload: 'hello', contentType: 'text/plain' },
  { name: 'JSON with a charset', payload: '{}', contentType: 'application/json; charset=latin1' },
];

/** The part of an OpenAPI schema the sweep reads. */
export interface JsonSchema {
  type?: string;
  format?: string;
  enum?: unknown[];
  default?: unknown;
  minLength?: number;
  minItems?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  nullable?: boolean;
}

/** Real rows of the sweep's school, so ids reach past "not found". */
export interface SweepIds {
  institution: string;
  batch: string;
  otherBatch: string;
  subject: string;
  batchSubject: string;
  chapter: string;
  topic: string;
  faculty: string;
  student: string;
  doubt: string;
  response: string;
  note: string;
  session: string;
  planEntry: string;
  csvUrl: string;
  fileUrl: string;
  assessment: string;
  question: string;
  option: string;
  selfAssessmentResult: string;
}

/** A valid value for a field named `name`, when its name says more than its schema. */
function byName(name: string, ids: SweepIds, unique: () => string): unknown {
  const id: Record<string, string> = {
    institution_id: ids.institution,
    batch_id: ids.batch,
    old_batch: ids.batch,
    new_batch: ids.otherBatch,
    subject_id: ids.subject,
    batch_subject_id: ids.batchSubject,
    chapter_id: ids.chapter,
    topic_id: ids.topic,
    content_id: ids.topic,
    author_id: ids.faculty,
    faculty_id: ids.faculty,
    student_id: ids.student,
    doubt_id: ids.doubt,
    session_id: ids.session,
    assessment_id: ids.assessment,
    qid: ids.question,
    question_id: ids.question,
  };
  if (name in id) return id[name];
  const idLists: Record<string, string> = {
    topic_ids: ids.topic,
    faculty_ids: ids.faculty,
    student_ids: ids.student,
    subject_ids: ids.subject,
    submitted_answer_ids: ids.option,
  };
  if (name in idLists) return [idLists[name]];
  switch (name) {
    case 'saved_at':
      return null;
    case 'date':
    case 'from':
    case 'to':
      return '2026-11-20';
    case 'date_of_birth':
      return '2011-05-17';
    case 'academic_year':
    case 'year':
      return '2026-27';
    case 'username':
      return unique();
    case 'password':
    case 'new_password':
      return 'Sweep@2026strong';
    case 'old_password':
      return 'Test@12345';
    case 'email':
      return `${unique()}@school.test`;
    case 'mobile':
      return ['9876543210'];
    case 'content_uri':
    case 'nav_logo':
    case 'avatar':
      return ids.fileUrl;
    case 'content_url':
    case 'csv_url':
      return ids.csvUrl;
    case 'url':
      return ids.fileUrl;
    case 'notes':
      return [ids.fileUrl];
    case 'wysiwyg_state':
      return { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Sweep' }] }] };
    case 'otp':
      return '123456';
    default:
      return undefined;
  }
}

/** A plausible value for `schema`: names first, then enums, defaults and types. */
export function sampleValue(schema: JsonSchema, name: string, ids: SweepIds, unique: () => string): unknown {
  const named = byName(name, ids, unique);
  if (named !== undefined) return named;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.anyOf?.length) return sampleValue(schema.anyOf[0]!, name, ids, unique);
  switch (schema.type) {
    case 'string':
      if (schema.format === 'uuid') return '6b0c3f4e-2f1d-4c7a-9a55-0d6f3e2b1a90';
      if (schema.format === 'email') return `${unique()}@school.test`;
      return `Sweep ${unique()}`.padEnd(schema.minLength ?? 1, 'x');
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () =>
        sampleValue(schema.items ?? {}, `${name}[]`, ids, unique),
      );
    case 'object':
      return sampleObject(schema, ids, unique);
    default:
      return 'x';
  }
}

/** Every property of `schema` (required or not), each with a plausible value. */
export function sampleObject(
  schema: JsonSchema,
  ids: SweepIds,
  unique: () => string,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    out[key] = sampleValue(property, key, ids, unique);
  }
  return out;
}

/**
 * The paths of every field of a body schema, nested objects and array items included
 * (`accounts.0.username`), each as the list of keys that reaches it.
 */
export function fieldPaths(schema: JsonSchema, prefix: (string | number)[] = []): (string | number)[][] {
  const paths: (string | number)[][] = [];
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    const path = [...prefix, key];
    paths.push(path);
    const options = [property, ...(property.anyOf ?? [])];
    for (const option of options) {
      if (option.type === 'object') paths.push(...fieldPaths(option, path));
      if (option.type === 'array' && option.items?.type === 'object') {
        paths.push([...path, 0], ...fieldPaths(option.items, [...path, 0]));
      }
    }
  }
  return paths;
}

/** A copy of `body` with the field at `path` set to `value` (arrays and objects made as needed). */
export function withField(body: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const list = Array.isArray(body) ? [...body] : [];
    list[head] = withField(list[head], rest, value);
    return list;
  }
  const object = body && typeof body === 'object' && !Array.isArray(body) ? { ...body } : {};
  (object as Record<string, unknown>)[head!] = withField(
    (object as Record<string, unknown>)[head!],
    rest,
    value,
  );
  return object;
}

const PLACEHOLDER = '\u0001hostile\u0001';

/** The JSON text of `body` with the field at `path` set to the hostile value. */
export function bodyWithHostile(
  body: unknown,
  path: (string | number)[],
  hostile: (typeof HOSTILE_JSON_VALUES)[number],
): string {
  if (hostile.json === undefined) return JSON.stringify(withField(body, path, hostile.value));
  return JSON.stringify(withField(body, path, PLACEHOLDER)).replace(
    JSON.stringify(PLACEHOLDER),
    hostile.json,
  );
}

/**
 * Bodies like `base` in which one array field of `schema` (at any depth) holds one plausible item
 * twice: the same id, answer or row given twice in one request.
 */
export function bodiesWithRepeatedItems(
  schema: JsonSchema,
  base: unknown,
  ids: SweepIds,
  unique: () => string,
): { path: string; payload: string }[] {
  const copies: { path: string; payload: string }[] = [];
  const walk = (node: JsonSchema, prefix: (string | number)[]) => {
    for (const [key, property] of Object.entries(node.properties ?? {})) {
      const path = [...prefix, key];
      for (const option of [property, ...(property.anyOf ?? [])]) {
        if (option.type === 'object') walk(option, path);
        if (option.type !== 'array' || !option.items) continue;
        const item = sampleValue(option.items, `${key}[]`, ids, unique);
        copies.push({ path: path.join('.'), payload: JSON.stringify(withField(base, path, [item, item])) });
        if (option.items.type === 'object') walk(option.items, [...path, 0]);
      }
    }
  };
  walk(schema, []);
  return copies;
}

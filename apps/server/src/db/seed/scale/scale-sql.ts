import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { ScaleShape, ScaleSize } from './scale-size.js';

/** What every step of the scale seed works from; its SQL runs on one connection, in one transaction. */
export interface ScaleContext {
  client: pg.PoolClient;
  size: ScaleSize;
  shape: ScaleShape;
  institutionId: string;
  academicYear: string;
  timeZone: string;
  /** The institution's today, `YYYY-MM-DD`. */
  today: string;
  /** The day the school opened on the portal: people and content exist from then on. */
  openedOn: string;
  /** Days of activity (views, doubts, notes) from `openedOn` up to yesterday. */
  activityDays: number;
  now: Date;
  /** The hash of `SCALE_PASSWORD`, made once. */
  passwordHash: string;
  /** Stored media the topics show, by content type. */
  media: { image: string; audio: string; video: string };
}

/** A SQL string literal (the seed's own constant texts only; never user input). */
export const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** A SQL text array literal. */
export const textArray = (items: readonly string[]) => `array[${items.map(literal).join(', ')}]::text[]`;

/** `items[index % length]` in SQL, for an integer SQL expression `index`. */
export const pick = (items: readonly string[], index: string) =>
  `(${textArray(items)})[1 + ((${index}) % ${items.length})]`;

/**
 * Row ids are derived from (kind, number), so a step finds another step's rows by arithmetic, not
 * by joins or by reading rows back: 20 hex digits fixed per kind (from an md5 of the kind, shaped
 * as a version-4 UUID, since the API's id schema accepts only RFC 4122 ids), then the number in
 * the last 12. Computing them costs next to nothing per row, unlike an md5 per row.
 */
const prefixes = new Map<string, string>();
function prefixOf(kind: string): string {
  let prefix = prefixes.get(kind);
  if (!prefix) {
    const hex = createHash('md5').update(`scale/${kind}`).digest('hex');
    prefix = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-`;
    prefixes.set(kind, prefix);
  }
  return prefix;
}

/** The id expression for row `n` (an integer SQL expression) of `kind`. */
export const id = (kind: string, n: string) =>
  `('${prefixOf(kind)}' || lpad(to_hex((${n})::bigint), 12, '0'))::uuid`;

/**
 * Runs `load` with the foreign keys and secondary indexes of `tables` set aside, then puts them
 * back: each foreign key is checked once over the whole table (one join) instead of once per
 * row, and each index is built once instead of updated per row (a million rows: ~65 s -> ~10 s).
 * Every row is still checked; a violation fails the transaction. The definitions are read from
 * the catalogue, so they are exactly the migrations' own. Primary keys and unique constraints stay.
 * Answers how long putting them back took.
 */
export async function loadInBulk(
  client: pg.PoolClient,
  tables: readonly string[],
  load: () => Promise<void>,
): Promise<{ restoreMilliseconds: number }> {
  const { rows: keys } = await client.query<{ drop_sql: string; add_sql: string }>(
    `select format('alter table %s drop constraint %I', conrelid::regclass, conname) as drop_sql,
       format('alter table %s add constraint %I %s', conrelid::regclass, conname, pg_get_constraintdef(oid)) as add_sql
     from pg_constraint where contype = 'f' and conrelid = any($1::text[]::regclass[])`,
    [tables],
  );
  const { rows: indexes } = await client.query<{ drop_sql: string; add_sql: string }>(
    `select format('drop index %s', i.indexrelid::regclass) as drop_sql, pg_get_indexdef(i.indexrelid) as add_sql
     from pg_index i
     where i.indrelid = any($1::text[]::regclass[])
       and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
    [tables],
  );
  for (const { drop_sql } of [...keys, ...indexes]) await client.query(drop_sql);
  await load();
  const started = performance.now();
  for (const { add_sql } of [...indexes, ...keys]) await client.query(add_sql);
  return { restoreMilliseconds: performance.now() - started };
}

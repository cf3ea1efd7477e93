/**
 * A NUL character (PostgreSQL text and jsonb cannot hold one) or half of a surrogate pair (jsonb
 * refuses it, and text would keep a replacement character instead of what was sent).
 */
const UNSTORABLE = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** A quick first look: most text has no NUL and no surrogate at all (emoji are pairs of them). */
const SUSPECT = /[\0\ud800-\udfff]/;

/** Whether PostgreSQL could not store `text` as it was sent. */
export const isUnstorable = (text: string) => SUSPECT.test(text) && UNSTORABLE.test(text);

/**
 * Ids (UUIDs) as small numbers, the same for the life of the process, and back: what a student's
 * kept reads hold of topics and batch subjects is a short array of numbers (a few hundred bytes)
 * instead of UUID strings (some 40 bytes each), so the read cache holds every active student's at
 * once within its byte budget. Grows with the ids seen (a school's topics and batch subjects).
 */
const numbers = new Map<string, number>();
const ids: string[] = [];

export function numberOfId(id: string): number {
  let number = numbers.get(id);
  if (number === undefined) {
    number = ids.length;
    numbers.set(id, number);
    ids.push(id);
  }
  return number;
}

/** The id a number stands for (`numberOfId`'s inverse). */
export function idOfNumber(number: number): string {
  const id = ids[number];
  if (id === undefined) throw new Error(`no id numbered ${number}`);
  return id;
}

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const RANDOM_HEX = 32;
const ID_PATTERN = /^[0-9a-f]{64}$/;

/**
 * Ids of resumable uploads that name their owner without showing who it is: 32 random hex
 * characters, then 32 of their HMAC with the owner's user id. Whoever learns an id still cannot
 * read, write or delete the upload (the id is checked against the caller on every request), and
 * nothing of the owner is kept in the upload's client-visible metadata. Stateless, so any server
 * instance can check it.
 */
export function resumableUploadIds(secret: string) {
  const key = createHmac('sha256', secret).update('portal resumable upload id').digest();
  const tag = (random: string, userId: string) =>
    createHmac('sha256', key).update(`${random}:${userId}`).digest('hex').slice(0, RANDOM_HEX);
  return {
    create(userId: string): string {
      const random = randomBytes(RANDOM_HEX / 2).toString('hex');
      return `${random}${tag(random, userId)}`;
    },
    isOwnedBy(id: string, userId: string): boolean {
      if (!ID_PATTERN.test(id) || !userId) return false;
      const expected = Buffer.from(tag(id.slice(0, RANDOM_HEX), userId));
      return timingSafeEqual(expected, Buffer.from(id.slice(RANDOM_HEX)));
    },
  };
}

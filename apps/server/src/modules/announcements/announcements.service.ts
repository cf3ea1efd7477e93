import {
  type AnnouncementBody,
  type AnnouncementList,
  MESSAGES,
  PAGE_SIZE,
  type PageQuery,
} from '@portal/shared';
import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client.js';
import { announcements } from '../../db/schema/index.js';
import type { AppDeps } from '../../deps.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import { pageOf, readPage } from '../../lib/pagination.js';
import { institutionOf } from '../../lib/tenancy.js';
import type { AuthUser } from '../../plugins/auth.js';
import { announcementAudience, publishEvent } from '../events/publish.js';
import { presentAnnouncement } from './announcements.presenter.js';
import * as repository from './announcements.repository.js';

const readerOf = (user: AuthUser): repository.Reader => ({
  permission: user.permission,
  entityId: user.entityId,
});

/** A user's announcements, latest update first: a moderator's institution's, or those addressed to them. */
export async function listAnnouncements(
  deps: AppDeps,
  user: AuthUser,
  query: PageQuery,
): Promise<AnnouncementList> {
  const institutionId = institutionOf(user);
  const reader = readerOf(user);
  const page = readPage(query, PAGE_SIZE.default);
  const [rows, total] = await Promise.all([
    repository.listAnnouncements(deps.db, institutionId, reader, page),
    page.after === null ? repository.countAnnouncements(deps.db, institutionId, reader) : null,
  ]);
  const result = pageOf(rows, page, (row) => [row.id], total);
  return { announcements: result.rows.map(presentAnnouncement), page: result.page };
}

/** The batches must be live batches of the moderator's institution (each other one is a 400). */
async function checkedBatches(tx: Transaction, institutionId: string, batchIds: string[]): Promise<string[]> {
  const unique = [...new Set(batchIds)];
  if ((await repository.countLiveBatches(tx, institutionId, unique)) !== unique.length) {
    throw badRequest(MESSAGES.announcementUnknownBatch, { batch_ids: MESSAGES.announcementUnknownBatch });
  }
  return unique;
}

async function readBack(tx: Transaction, user: AuthUser, id: string) {
  const row = await repository.findAnnouncement(tx, institutionOf(user), id, readerOf(user));
  return presentAnnouncement(row!);
}

export async function createAnnouncement(deps: AppDeps, user: AuthUser, body: AnnouncementBody) {
  const institutionId = institutionOf(user);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const batchIds = await checkedBatches(tx, institutionId, body.batch_ids ?? []);
    const [row] = await tx
      .insert(announcements)
      .values({
        institutionId,
        title: body.title,
        description: body.description,
        batchIds,
        authorId: user.userId,
        authorName: user.name,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: announcements.id });
    await publishEvent(deps, tx, {
      institutionId,
      kind: 'announcement.created',
      audience: announcementAudience(batchIds),
      // What the bell shows of it travels with the event: every open tab adds it to its bell
      // without reading the bell again (an announcement to the whole school reaches 5,000 tabs).
      refs: {
        announcement_id: row!.id,
        announcement: { title: body.title, description: body.description, updated_at: now.toISOString() },
      },
    });
    return readBack(tx, user, row!.id);
  });
}

export async function updateAnnouncement(deps: AppDeps, user: AuthUser, id: string, body: AnnouncementBody) {
  const institutionId = institutionOf(user);
  return deps.db.transaction(async (tx) => {
    const batchIds = await checkedBatches(tx, institutionId, body.batch_ids ?? []);
    const [before] = await tx
      .select({ batchIds: announcements.batchIds })
      .from(announcements)
      .where(and(eq(announcements.id, id), eq(announcements.institutionId, institutionId)))
      .for('update');
    if (!before) throw notFound();
    await tx
      .update(announcements)
      .set({ title: body.title, description: body.description, batchIds, updatedAt: deps.clock.now() })
      .where(eq(announcements.id, id));
    // Those it was addressed to before hear of it too: it may have left their bell.
    await publishEvent(deps, tx, {
      institutionId,
      kind: 'announcement.changed',
      audience: announcementAudience(
        before.batchIds.length === 0 || batchIds.length === 0
          ? []
          : [...new Set([...before.batchIds, ...batchIds])],
      ),
      refs: { announcement_id: id },
    });
    return readBack(tx, user, id);
  });
}

export async function deleteAnnouncement(deps: AppDeps, user: AuthUser, id: string): Promise<void> {
  const institutionId = institutionOf(user);
  await deps.db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(announcements)
      .where(and(eq(announcements.id, id), eq(announcements.institutionId, institutionId)))
      .returning({ batchIds: announcements.batchIds });
    if (!gone) throw notFound();
    await publishEvent(deps, tx, {
      institutionId,
      kind: 'announcement.deleted',
      audience: announcementAudience(gone.batchIds),
      refs: { announcement_id: id },
    });
  });
}

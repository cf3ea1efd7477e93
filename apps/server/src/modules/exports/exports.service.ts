import path from 'node:path';
import { fileSlug, type InstitutionExport, MESSAGES } from '@portal/shared';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { institutionExports, institutions } from '../../db/schema/index.js';
import type { AppDeps } from '../../deps.js';
import { conflict, notFound } from '../../lib/app-error.js';
import type { AuthUser } from '../../plugins/auth.js';
import { EXPORT_FILES } from './export-files.js';
import { assertCanExport } from './exports.policy.js';

type ExportRow = typeof institutionExports.$inferSelect;

/** Exports listed: the latest few (older files are removed as new ones finish). */
const LISTED = 5;

export function presentExport(row: ExportRow): InstitutionExport {
  const progress =
    row.status === 'done' ? 100 : row.stepsTotal > 0 ? Math.floor((row.stepsDone * 100) / row.stepsTotal) : 0;
  return {
    _id: row.id,
    institution_id: row.institutionId,
    status: row.status as InstitutionExport['status'],
    progress,
    files_done: row.stepsDone,
    files_total: row.stepsTotal,
    rows: row.rowsWritten,
    size: row.size,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * POST /api/institutions/{id}/exports: queues an export of the institution, or answers the one
 * already queued or running (a second click starts nothing new). `created` says which.
 */
export async function requestExport(deps: AppDeps, user: AuthUser, institutionId: string) {
  await assertCanExport(deps, user, institutionId);
  return deps.db.transaction(async (tx) => {
    // One request at a time per institution: the row lock serialises two clicks.
    await tx
      .select({ id: institutions.id })
      .from(institutions)
      .where(eq(institutions.id, institutionId))
      .for('update');
    const [active] = await tx
      .select()
      .from(institutionExports)
      .where(
        and(
          eq(institutionExports.institutionId, institutionId),
          inArray(institutionExports.status, ['queued', 'running']),
        ),
      );
    if (active) return { created: false, export: presentExport(active) };
    const [row] = await tx
      .insert(institutionExports)
      .values({
        institutionId,
        requestedBy: user.userId,
        stepsTotal: EXPORT_FILES.length,
        createdAt: deps.clock.now(),
      })
      .returning();
    return { created: true, export: presentExport(row!) };
  });
}

/** GET /api/institutions/{id}/exports: the latest exports, newest first. */
export async function listExports(deps: AppDeps, user: AuthUser, institutionId: string) {
  await assertCanExport(deps, user, institutionId);
  const rows = await deps.db
    .select()
    .from(institutionExports)
    .where(eq(institutionExports.institutionId, institutionId))
    .orderBy(desc(institutionExports.createdAt))
    .limit(LISTED);
  return { exports: rows.map(presentExport) };
}

async function exportOf(deps: AppDeps, user: AuthUser, institutionId: string, exportId: string) {
  await assertCanExport(deps, user, institutionId);
  const [row] = await deps.db
    .select()
    .from(institutionExports)
    .where(and(eq(institutionExports.id, exportId), eq(institutionExports.institutionId, institutionId)));
  if (!row) throw notFound();
  return row;
}

/** GET /api/institutions/{id}/exports/{exportId}: its state and progress. */
export async function getExport(deps: AppDeps, user: AuthUser, institutionId: string, exportId: string) {
  return { export: presentExport(await exportOf(deps, user, institutionId, exportId)) };
}

/** The finished export's stored file and the name it is downloaded under. */
export async function exportFile(deps: AppDeps, user: AuthUser, institutionId: string, exportId: string) {
  const row = await exportOf(deps, user, institutionId, exportId);
  if (row.status !== 'done' || !row.fileKey) throw conflict(MESSAGES.exportNotReady);
  const [institution] = await deps.db
    .select({ title: institutions.title })
    .from(institutions)
    .where(eq(institutions.id, institutionId));
  const day = row.createdAt.toISOString().slice(0, 10);
  const filename = `${fileSlug(institution?.title ?? '', 'institution')}-export-${day}.zip`;
  return {
    key: row.fileKey,
    filename,
    local: deps.storage.root ? path.join(deps.storage.root, row.fileKey) : null,
  };
}

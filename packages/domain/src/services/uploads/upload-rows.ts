import type { Db } from "@chat/db";

/** An unused upload may be used for an hour after it was made. */
export const UPLOAD_UNUSED_SECONDS = 60 * 60;
/**
 * How long a used upload's ephemeral-attachments address works (from the use): an hour. The
 * bytes are kept the interaction's 15 minutes longer than that, then housekeeping removes them.
 */
export const EPHEMERAL_URL_VALIDITY_SECONDS = 60 * 60;

/** An upload as an attachment option names it (without its bytes). */
export interface UploadSummary {
  id: bigint;
  filename: string;
  contentType: string | null;
  size: number;
}

/** The upload `id` if `uploaderId` made it for `channelId` and it is still unused and fresh (database clock). */
export async function usableUpload(
  db: Db,
  id: bigint,
  uploaderId: bigint,
  channelId: bigint,
): Promise<UploadSummary | null> {
  const rows = await db.$queryRaw<UploadSummary[]>`
    SELECT "id", "filename", "contentType", "size" FROM "Upload"
    WHERE "id" = ${id} AND "uploaderId" = ${uploaderId} AND "channelId" = ${channelId} AND "usedAt" IS NULL
      AND "createdAt" > clock_timestamp() - make_interval(secs => ${UPLOAD_UNUSED_SECONDS})`;
  return rows[0] ?? null;
}

/**
 * Marks a usable upload used by `applicationId`'s interaction; false when it was not usable
 * any more (used meanwhile by another command, or past its hour).
 */
export async function markUploadUsed(
  db: Db,
  id: bigint,
  uploaderId: bigint,
  channelId: bigint,
  applicationId: bigint,
): Promise<boolean> {
  const count = await db.$executeRaw`
    UPDATE "Upload" SET "usedAt" = clock_timestamp(), "applicationId" = ${applicationId}
    WHERE "id" = ${id} AND "uploaderId" = ${uploaderId} AND "channelId" = ${channelId} AND "usedAt" IS NULL
      AND "createdAt" > clock_timestamp() - make_interval(secs => ${UPLOAD_UNUSED_SECONDS})`;
  return count === 1;
}

/**
 * Forgets uploads nobody can use or download any more: unused ones past their hour, used ones
 * past the interaction's 15 minutes plus their address's hour.
 */
export async function removeExpiredUploads(db: Db): Promise<number> {
  return db.$executeRaw`
    DELETE FROM "Upload"
    WHERE ("usedAt" IS NULL AND "createdAt" < clock_timestamp() - make_interval(secs => ${UPLOAD_UNUSED_SECONDS}))
       OR "usedAt" < clock_timestamp() - make_interval(secs => ${15 * 60 + EPHEMERAL_URL_VALIDITY_SECONDS})`;
}

/** A file an application sends in an ephemeral message: kept as an upload already used by it (its address works an hour). */
export async function storeApplicationFile(
  db: Db,
  owner: { uploaderId: bigint; channelId: bigint; applicationId: bigint },
  file: { filename: string; contentType: string | null; size: number; data: Uint8Array<ArrayBuffer> },
): Promise<UploadSummary> {
  const { filename, contentType, size, data } = file;
  const row = await db.upload.create({
    data: { ...owner, filename, contentType, size, data },
    select: { id: true, filename: true, contentType: true, size: true },
  });
  await db.$executeRaw`UPDATE "Upload" SET "usedAt" = clock_timestamp() WHERE "id" = ${row.id}`;
  return row;
}

/** Removes the person's own uploads among `ids` that are still waiting (not sent, not used); answers how many. */
export function removeUnusedUploads(db: Db, uploaderId: bigint, ids: bigint[]): Promise<number> {
  return db.$executeRaw`DELETE FROM "Upload" WHERE "id" = ANY(${ids}::bigint[]) AND "uploaderId" = ${uploaderId} AND "usedAt" IS NULL`;
}

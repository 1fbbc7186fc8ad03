import { type Db, Prisma } from "@chat/db";
import { Errors } from "../../errors";
import { OneAtATime } from "../shared/one-at-a-time";
import { UPLOAD_UNUSED_SECONDS } from "./upload-rows";

/**
 * A person's uploads waiting to be sent (not yet sent with a message or used by a command, and
 * within their hour), at most: two messages' worth of files, and four full 25 MB messages.
 */
export const UNUSED_UPLOADS_MAX = 20;
export const UNUSED_UPLOAD_BYTES_MAX = 100 * 1024 * 1024;

export interface UploadRow {
  uploaderId: bigint;
  channelId: bigint;
  filename: string;
  contentType: string | null;
  size: number;
  data: Uint8Array<ArrayBuffer>;
}

/** The person's uploads waiting to be sent: unused, within their hour (database clock). */
const waiting = (uploaderId: bigint) => Prisma.sql`
  FROM "Upload" WHERE "uploaderId" = ${uploaderId} AND "usedAt" IS NULL AND "createdAt" > clock_timestamp() - make_interval(secs => ${UPLOAD_UNUSED_SECONDS})`;
const waitingOf = (uploaderId: bigint) => Prisma.sql`SELECT count(*)::int ${waiting(uploaderId)}`;
const waitingBytesOf = (uploaderId: bigint) =>
  Prisma.sql`SELECT coalesce(sum("size"), 0)::float8 ${waiting(uploaderId)}`;

interface StoredUpload {
  id: bigint;
  filename: string;
  size: number;
  contentType: string | null;
}

/**
 * Stores people's uploads within the cap on those waiting to be sent (429, nothing written,
 * when the new one would pass it). A person's uploads are stored one at a time in this process
 * and the count is part of the insert itself (one statement: the embedded database runs one at
 * a time), so parallel uploads cannot all pass one count; no transaction is held open meanwhile.
 */
export class UploadQuota {
  private readonly turns = new OneAtATime();

  constructor(private readonly db: Db) {}

  store(row: UploadRow): Promise<StoredUpload> {
    return this.turns.run(row.uploaderId.toString(), async () => {
      // First without the bytes: a refusal costs one small read.
      if (!(await this.fits(row.uploaderId, row.size))) throw Errors.tooManyUnusedUploads();
      const [stored] = await this.db.$queryRaw<StoredUpload[]>`
        INSERT INTO "Upload" ("uploaderId", "channelId", "filename", "contentType", "size", "data")
        SELECT ${row.uploaderId}::bigint, ${row.channelId}::bigint, ${row.filename}::text, ${row.contentType}::text, ${row.size}::int, ${row.data}::bytea
        WHERE (${waitingOf(row.uploaderId)}) <= ${UNUSED_UPLOADS_MAX - 1} AND (${waitingBytesOf(row.uploaderId)}) <= ${UNUSED_UPLOAD_BYTES_MAX - row.size}
        RETURNING "id", "filename", "size", "contentType"`;
      if (!stored) throw Errors.tooManyUnusedUploads();
      return stored;
    });
  }

  private async fits(uploaderId: bigint, size: number): Promise<boolean> {
    const [waiting] = await this.db.$queryRaw<{ count: number; bytes: number }[]>`
      SELECT (${waitingOf(uploaderId)}) AS "count", (${waitingBytesOf(uploaderId)}) AS "bytes"`;
    return (waiting?.count ?? 0) < UNUSED_UPLOADS_MAX && (waiting?.bytes ?? 0) + size <= UNUSED_UPLOAD_BYTES_MAX;
  }
}

import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { Readable } from "node:stream";
import { assertFileKey, type ByteRange, type FileStore, type StoredFile } from "@chat/domain";
import type { S3Settings } from "./files-env";

/** Parts of a streamed upload: what one upload holds in memory at most is about this times the parts in flight. */
export const UPLOAD_PART_BYTES = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

/**
 * Files in S3-compatible object storage (AWS, R2, MinIO, Garage, SeaweedFS), a key an object's
 * key in one bucket. Uploads stream in parts (lib-storage); reads ask for the range wanted.
 */
export class S3Store implements FileStore {
  readonly kind = "s3";
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.pathStyle,
      credentials: settings.credentials,
      // Checksums only where the service asks for them: not every S3 implementation knows the newer ones.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  }

  async put(key: string, body: Readable | Uint8Array, contentType: string): Promise<void> {
    assertFileKey(key);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: body, ContentType: contentType },
      partSize: UPLOAD_PART_BYTES,
      queueSize: PARTS_IN_FLIGHT,
      leavePartsOnError: false,
    });
    await upload.done();
  }

  async get(key: string, range?: ByteRange): Promise<StoredFile | null> {
    assertFileKey(key);
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      const body = answer.Body as Readable;
      const length = answer.ContentLength ?? 0;
      const total = totalOf(answer.ContentRange) ?? length;
      const start = startOf(answer.ContentRange) ?? 0;
      return { size: total, range: { start, end: start + length - 1 }, body };
    } catch (error) {
      if (isMissing(error) || statusOf(error) === 416) return null;
      throw error;
    }
  }

  async size(key: string): Promise<number | null> {
    assertFileKey(key);
    try {
      const answer = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return answer.ContentLength ?? 0;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertFileKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async *keys(prefix: string): AsyncIterable<string> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}

function statusOf(error: unknown): number | undefined {
  return error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
}

function isMissing(error: unknown): boolean {
  return statusOf(error) === 404 || (error instanceof S3ServiceException && error.name === "NoSuchKey");
}

/** `bytes 0-99/1234` → 1234 */
function totalOf(contentRange: string | undefined): number | undefined {
  const total = contentRange?.split("/")[1];
  return total && total !== "*" ? Number(total) : undefined;
}

/** `bytes 0-99/1234` → 0 */
function startOf(contentRange: string | undefined): number | undefined {
  const match = contentRange?.match(/^bytes (\d+)-/);
  return match ? Number(match[1]) : undefined;
}

import {
  ApiError,
  Errors,
  type FieldPath,
  MESSAGE_FILES_BYTES_MAX,
  MESSAGE_FILES_MAX,
  type UploadedFile,
  isStorableText,
  unstorableTextError,
} from "@chat/domain";
import type { FastifyMultipartOptions } from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import secureJson from "secure-json-parse";

/** A JSON body, or the `payload_json` field of a multipart one: 1 MB (spec: Limits). */
export const JSON_BODY_LIMIT = 1024 * 1024;

/**
 * Parser bounds of multipart bodies. Files and bytes over the message limits are counted by
 * `readMessageBody` itself (it reads the whole body before answering 40005, so the client
 * gets the answer rather than a closed connection); these only cap what a body may hold at all.
 */
export const MULTIPART_OPTIONS: FastifyMultipartOptions = {
  throwFileSizeLimit: false,
  limits: { fileSize: MESSAGE_FILES_BYTES_MAX + 1, files: 50, fields: 20, parts: 100, fieldSize: JSON_BODY_LIMIT + 1 },
};

const FILE_FIELD = /^files\[(\d{1,3})\]$/;

/**
 * A message route's body: JSON as parsed, or multipart/form-data with the fields in
 * `payload_json` (or as plain form fields) and files as `files[n]` (spec: Messages, POST).
 * More than 10 files or 25 MB of them together answers 40005 (HTTP 413).
 */
export async function readMessageBody(request: FastifyRequest): Promise<{ body: unknown; files: UploadedFile[] }> {
  if (!request.isMultipart()) return { body: request.body, files: [] };
  const files: UploadedFile[] = [];
  const fields: Record<string, string> = {};
  let payload: unknown;
  let bytes = 0;
  let tooLarge = false;
  let invalid = false;
  /** A field or file name PostgreSQL cannot store (text within values is checked with the body). */
  let invalidName: FieldPath | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        if (tooLarge || files.length >= MESSAGE_FILES_MAX) {
          tooLarge = true;
          for await (const _chunk of part.file) {
            // Read to the end and drop: the answer is 40005 whatever follows.
          }
          continue;
        }
        // Buffer.concat's result sits on a plain (not shared) ArrayBuffer.
        const data = (await part.toBuffer()) as Buffer<ArrayBuffer>;
        bytes += data.byteLength;
        if (part.file.truncated || bytes > MESSAGE_FILES_BYTES_MAX) {
          tooLarge = true;
          continue;
        }
        const index = FILE_FIELD.exec(part.fieldname)?.[1];
        if (invalidName === null) invalidName = unstorableName(part.fieldname, part.filename);
        files.push({
          index: index !== undefined ? Number(index) : files.length,
          filename: part.filename,
          contentType: part.mimetype || null,
          data,
        });
      } else if (part.valueTruncated) {
        tooLarge = true;
      } else if (part.fieldname === "payload_json") {
        payload = typeof part.value === "string" ? parseJson(part.value) : part.value;
        invalid = payload === undefined;
      } else if (typeof part.value === "string") {
        fields[part.fieldname] = part.value;
        if (invalidName === null) invalidName = unstorableName(part.fieldname);
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === "FST_INVALID_JSON_FIELD_ERROR") throw Errors.invalidJson();
    if (error instanceof ApiError) throw error;
    // Only the parser throws here: no boundary, a boundary the body never uses, a body cut short.
    throw Errors.refused(MALFORMED_MULTIPART);
  }
  if (tooLarge) throw Errors.requestTooLarge();
  if (invalid) throw Errors.invalidJson();
  if (invalidName !== null) throw unstorableTextError(invalidName);
  return { body: payload ?? fields, files };
}

export const MALFORMED_MULTIPART = "The multipart/form-data body is malformed.";

/** Where a part's field or file name PostgreSQL could not store is reported, or null. */
function unstorableName(fieldname: string, filename?: string): FieldPath | null {
  if (!isStorableText(fieldname)) return [];
  if (filename !== undefined && !isStorableText(filename)) return [fieldname];
  return null;
}

/** The parsed value, or undefined when it is not JSON (answered 50109 once the body is read). */
function parseJson(text: string): unknown {
  try {
    return secureJson.parse(text, undefined, { protoAction: "error", constructorAction: "error" }) ?? {};
  } catch {
    return undefined;
  }
}

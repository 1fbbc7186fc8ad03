import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

/**
 * Conformance oracle: the reference platform's own OpenAPI 3.1 description
 * (../shared/discord-openapi). `validateResponse` checks one response body against the
 * schema of one operation and answers the list of mismatches (empty when it conforms).
 */
const OPENAPI_PATH =
  process.env.DISCORD_OPENAPI_PATH ??
  fileURLToPath(new URL("../../../../../shared/discord-openapi/openapi.json", import.meta.url));
const DOCUMENT_ID = "https://reference.invalid/openapi.json";

type Method = "get" | "post" | "put" | "patch" | "delete";

interface OpenApiDocument {
  paths: Record<
    string,
    Partial<Record<Method, { responses: Record<string, { content?: Record<string, { schema?: unknown }> }> }>>
  >;
}

let ajv: Ajv2020 | null = null;
let document: OpenApiDocument | null = null;
const compiled = new Map<string, ValidateFunction>();

const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };

function load(): { ajv: Ajv2020; document: OpenApiDocument } {
  if (!ajv || !document) {
    document = JSON.parse(readFileSync(OPENAPI_PATH, "utf8")) as OpenApiDocument;
    ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats(ajv);
    // Spec rule 1: ids are small decimal numbers; as strings they still are valid snowflakes.
    ajv.addFormat("snowflake", { type: "string", validate: (value: string) => /^(0|[1-9][0-9]*)$/.test(value) });
    ajv.addFormat("int32", {
      type: "number",
      validate: (value: number) => Number.isInteger(value) && value >= INT32.min && value <= INT32.max,
    });
    ajv.addFormat("int64", { type: "number", validate: (value: number) => Number.isInteger(value) });
    ajv.addFormat("double", { type: "number", validate: (value: number) => Number.isFinite(value) });
    ajv.addFormat("nonce", { type: "string", validate: (value: string) => value.length <= 25 });
    ajv.addSchema({ ...document, $id: DOCUMENT_ID });
  }
  return { ajv, document };
}

/** JSON-pointer escaping of one path segment. */
const pointer = (segment: string) => segment.replace(/~/g, "~0").replace(/\//g, "~1");

/**
 * @param method    HTTP method of the operation
 * @param template  the path as the OpenAPI document writes it, e.g. `/channels/{channel_id}/messages`
 * @param status    response status whose application/json schema applies
 */
export function validateResponse(method: Method, template: string, status: number, body: unknown): string[] {
  const key = `${method} ${template} ${status}`;
  let validate = compiled.get(key);
  if (!validate) {
    const { ajv, document } = load();
    const operation = document.paths[template]?.[method];
    if (!operation) throw new Error(`the OpenAPI document has no operation ${method.toUpperCase()} ${template}`);
    if (!operation.responses[String(status)]?.content?.["application/json"]?.schema) {
      throw new Error(`${method.toUpperCase()} ${template} has no application/json schema for status ${status}`);
    }
    const ref = `${DOCUMENT_ID}#/paths/${pointer(template)}/${method}/responses/${status}/content/${pointer("application/json")}/schema`;
    validate = ajv.compile({ $ref: ref });
    compiled.set(key, validate);
  }
  if (validate(body)) return [];
  return (validate.errors ?? []).map(
    (e) => `${e.instancePath || "(root)"} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ""}`,
  );
}

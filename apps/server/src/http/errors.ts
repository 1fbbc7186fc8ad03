import { isDatabaseBusy, isDatabaseUnreachable, OutageLog } from "@chat/db";
import { ApiError, Errors } from "@chat/domain";
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/**
 * Fastify's `frameworkErrors` option: failures of the router itself, before any route, in the
 * spec's body rather than Fastify's `{ error, code: "FST_…", statusCode }`. A path that cannot
 * be percent-decoded names no route (404, code 0); a path segment over the router's length
 * limit keeps its 414 status.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const apiError =
    error.code === "FST_ERR_MAX_PARAM_LENGTH"
      ? new ApiError(414, 0, "414: URI Too Long")
      : error.code === "FST_ERR_BAD_URL"
        ? Errors.notFound()
        : error.statusCode && error.statusCode < 500
          ? new ApiError(error.statusCode, 0, error.message)
          : new ApiError(500, 0, "500: Internal Server Error");
  void reply.code(apiError.status).header("content-type", "application/json").send(apiError.toBody());
}

/**
 * Fastify's `clientErrorHandler` option: requests Node's HTTP parser refuses before Fastify
 * sees them (headers over Node's size limit, a request too slow to arrive, bytes that are no
 * HTTP) are answered in the spec's body, with the status Fastify's own handler would give.
 */
export function clientErrors(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const status = error.code === "HPE_HEADER_OVERFLOW" ? 431 : error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
  const body = JSON.stringify(new ApiError(status, 0, `${status}: ${STATUS_CODES[status]}`).toBody());
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

const databaseOutageLog = new OutageLog("bot API");

/**
 * Maps every failure to the spec's error body; 401 only ever comes from the auth hook. A
 * database that cannot be reached, or was too busy to do the work in time (undone whole), is
 * 503 (the reference platform's clients retry 5xx answers).
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setNotFoundHandler((_request, reply) => {
    const error = Errors.notFound();
    void reply.code(error.status).send(error.toBody());
  });
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    let apiError: ApiError;
    if (error instanceof ApiError) apiError = error;
    else if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE" || error.statusCode === 413)
      apiError = Errors.requestTooLarge();
    else if (
      error.code === "FST_ERR_CTP_EMPTY_JSON_BODY" ||
      error.code === "FST_ERR_CTP_INVALID_JSON_BODY" ||
      (error as Error).name === "SyntaxError"
    )
      apiError = Errors.invalidJson();
    else if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE")
      apiError = Errors.invalidForm(
        {
          _errors: [
            { code: "CONTENT_TYPE_INVALID", message: "Expected Content-Type application/json or multipart/form-data." },
          ],
        },
        "Invalid Form Body",
      );
    else if (error.statusCode && error.statusCode < 500) apiError = Errors.refused(error.message);
    else if (isDatabaseUnreachable(error)) {
      databaseOutageLog.failed(error);
      apiError = Errors.databaseUnavailable();
    } else if (isDatabaseBusy(error)) {
      request.log.warn({ err: error }, "the database was too busy: answered 503");
      apiError = Errors.databaseBusy();
    } else {
      request.log.error(error);
      apiError = new ApiError(500, 0, "500: Internal Server Error");
    }
    void reply.code(apiError.status).header("content-type", "application/json").send(apiError.toBody());
  });
}

import { readFileSync } from "node:fs";
import http from "node:http";
import type { Page, TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures/service";
import { cookieHeader } from "./support/live-stream";
import { createGuild, signUp, uniqueName } from "./support/people";

/**
 * What the web app refuses at its edge, before Next.js reads a body or any tRPC procedure
 * runs: bodies over their limit (1 MB; the file and picture procedures more, signed in
 * only), batches of more than 10 calls, and writes from another origin.
 */

const MB = 1024 * 1024;

/** The 413 a tRPC call gets, as tRPC's own errors are shaped on the wire (the app sends no transformer). */
function tooLargeForTRPC(limitMb: number) {
  return {
    error: {
      message: `This request is too large: at most ${limitMb} MB.`,
      code: -32013,
      data: { code: "PAYLOAD_TOO_LARGE", httpStatus: 413, apiCode: 40005, fieldErrors: null },
    },
  };
}

interface Answer {
  status: number;
  body: string;
  /** Bytes the client had handed to its socket when the answer came. */
  sent: number;
}

/**
 * POSTs `total` bytes of JSON-ish filler in 64 KB pieces, chunked (no Content-Length) or with
 * a Content-Length, and stops sending as soon as an answer arrives.
 */
function send(
  url: string,
  options: { total: number; chunked: boolean; headers?: Record<string, string> },
): Promise<Answer> {
  const target = new URL(url);
  const piece = Buffer.alloc(64 * 1024, "a");
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { "content-type": "application/json", ...options.headers };
    if (!options.chunked) headers["content-length"] = String(options.total);
    const request = http.request({
      host: target.hostname,
      port: target.port,
      path: `${target.pathname}${target.search}`,
      method: "POST",
      headers,
      agent: false,
    });
    let sent = 0;
    let answered = false;
    request.on("response", (response) => {
      answered = true;
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        body += chunk;
      });
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body, sent }));
      response.on("error", reject);
    });
    // The server closes the connection after refusing: what the client was still writing fails, the answer stands.
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    const pump = () => {
      while (!answered && sent < options.total) {
        const bytes = Math.min(piece.length, options.total - sent);
        sent += bytes;
        if (!request.write(bytes === piece.length ? piece : piece.subarray(0, bytes))) {
          request.once("drain", pump);
          return;
        }
      }
      if (!answered) request.end();
    };
    pump();
  });
}

/** The resident memory of a process, in MB (Linux). */
function rssMb(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]);
  return kb / 1024;
}

function report(testInfo: TestInfo, type: string, description: string): void {
  testInfo.annotations.push({ type, description });
  console.log(`[${type}] ${description}`);
}

test("anonymous bodies over 1 MB are refused 413 in tRPC's error shape, by Content-Length and cut off when streamed: three 100 MB streams grow the web process by under 50 MB", async ({
  service,
}, testInfo) => {
  test.setTimeout(180_000);
  // A web process of this test's own, so its memory is this test's alone.
  const web = await service.startWeb();
  const pid = web.process.child.pid;
  if (!pid) throw new Error("the web process has no pid");
  const signUpUrl = `${web.url}/api/trpc/account.signUp`;

  // By Content-Length: answered before the body is read (only a little of the 100 MB goes out).
  const declared = await send(signUpUrl, { total: 100 * MB, chunked: false });
  expect(declared.status).toBe(413);
  expect(JSON.parse(declared.body)).toEqual(tooLargeForTRPC(1));
  expect(declared.sent).toBeLessThan(100 * MB);
  // Just over 1 MB is refused too; a small body is not.
  expect((await send(signUpUrl, { total: MB + 1, chunked: false })).status).toBe(413);
  const small = await fetch(signUpUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "x", password: "y" }),
  });
  expect(small.status).toBe(400);
  // A file procedure's larger allowance is for signed-in people only.
  expect((await send(`${web.url}/api/trpc/uploads.create`, { total: 2 * MB, chunked: false })).status).toBe(413);

  // Streamed without a length: cut off once past 1 MB. Memory is watched while they run.
  const before = rssMb(pid);
  let peak = before;
  const watch = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 20);
  const streamed: Answer[] = [];
  try {
    for (const path of ["account.signUp", "uploads.create", "messages.send"])
      streamed.push(await send(`${web.url}/api/trpc/${path}`, { total: 100 * MB, chunked: true }));
  } finally {
    clearInterval(watch);
  }
  peak = Math.max(peak, rssMb(pid));
  report(
    testInfo,
    "rss",
    `web process ${before.toFixed(1)} MB before three 100 MB streamed bodies, at most ${peak.toFixed(1)} MB while they ran (+${(peak - before).toFixed(1)} MB); the client got ${streamed.map((a) => (a.sent / MB).toFixed(1)).join(", ")} MB out before each answer`,
  );
  for (const answer of streamed) {
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual(tooLargeForTRPC(1));
  }
  expect(peak - before).toBeLessThan(50);
  // The process is still answering.
  expect((await fetch(`${web.url}/healthz`)).status).toBe(200);
});

test("next-auth's endpoints and pages take at most 1 MB too, refused in the spec's error shape", async ({
  service,
}) => {
  for (const path of ["/api/auth/callback/credentials", "/api/auth/signout", "/login"]) {
    for (const chunked of [false, true]) {
      const answer = await send(`${service.webUrl}${path}`, {
        total: 2 * MB,
        chunked,
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      expect(answer.status, `${path} ${chunked ? "chunked" : "by length"}`).toBe(413);
      expect(JSON.parse(answer.body)).toEqual({ message: "This request is too large: at most 1 MB.", code: 40005 });
    }
  }
});

/** A file of `bytes` through the composer, as a person sends one; answers once the message shows it. */
async function sendFile(page: Page, name: string, bytes: number): Promise<void> {
  await page
    .getByTestId("attach-input")
    .setInputFiles([{ name, mimeType: "application/octet-stream", buffer: Buffer.alloc(bytes, 7) }]);
  const box = page.getByRole("textbox", { name: "Message #general" });
  await box.fill(`here is ${name}`);
  await box.press("Enter");
  await expect(
    page
      .getByRole("log")
      .getByTestId("message")
      .filter({ hasText: `here is ${name}` })
      .getByTestId("message-attachments"),
  ).toContainText(name);
}

test("signed in, the file and picture procedures may send more: a 3 MB file uploads, a body over the upload allowance is refused, and other procedures keep 1 MB", async ({
  page,
  service,
}) => {
  test.setTimeout(180_000);
  await signUp(page, uniqueName("uma"));
  const { channelId } = await createGuild(page, "Big Files");
  await sendFile(page, "three-megabytes.bin", 3 * MB);

  const cookie = await cookieHeader(page.context());
  const upload = `${service.webUrl}/api/trpc/uploads.create`;
  // 25 MB as base64 and the call's other fields: 34 MB at most.
  const overAllowance = await send(upload, { total: 100 * MB, chunked: false, headers: { cookie } });
  expect(overAllowance.status).toBe(413);
  expect(JSON.parse(overAllowance.body)).toEqual(tooLargeForTRPC(34));
  const streamedOver = await send(upload, { total: 100 * MB, chunked: true, headers: { cookie } });
  expect(streamedOver.status).toBe(413);
  expect(JSON.parse(streamedOver.body)).toEqual(tooLargeForTRPC(34));

  // A body within the allowance reaches the procedure, streamed or not (here: refused by its own check of the data).
  const withinAllowance = JSON.stringify({ channelId, filename: "x.bin", data: "!".repeat(2 * MB) });
  for (const chunked of [false, true]) {
    const answer = await new Promise<Answer>((resolve, reject) => {
      const target = new URL(upload);
      const headers: Record<string, string> = {
        cookie,
        "content-type": "application/json",
        ...(chunked ? {} : { "content-length": String(Buffer.byteLength(withinAllowance)) }),
      };
      const request = http.request(
        { host: target.hostname, port: target.port, path: target.pathname, method: "POST", headers, agent: false },
        (response) => {
          let body = "";
          response.on("data", (chunk: Buffer) => {
            body += chunk.toString();
          });
          response.on("end", () => resolve({ status: response.statusCode ?? 0, body, sent: 0 }));
        },
      );
      request.on("error", reject);
      request.end(withinAllowance);
    });
    expect(answer.status, answer.body).toBe(400);
    expect(JSON.parse(answer.body).error.message).toBe("The file's data is not base64.");
  }

  // Another procedure: 1 MB, signed in or not.
  const message = await send(`${service.webUrl}/api/trpc/messages.send`, {
    total: 2 * MB,
    chunked: false,
    headers: { cookie },
  });
  expect(message.status).toBe(413);
  expect(JSON.parse(message.body)).toEqual(tooLargeForTRPC(1));
  // A cookie that is not a session of this app's gets no allowance.
  const forged = await send(upload, {
    total: 2 * MB,
    chunked: false,
    headers: { cookie: "next-auth.session-token=made.up.value.here.x" },
  });
  expect(forged.status).toBe(413);
  expect(JSON.parse(forged.body)).toEqual(tooLargeForTRPC(1));
});

/** The tRPC batch path and body for `count` calls of one procedure. */
function batch(procedure: string, inputs: unknown[]): { path: string; body: string } {
  const body = Object.fromEntries(inputs.map((input, i) => [String(i), input]));
  return { path: `/api/trpc/${inputs.map(() => procedure).join(",")}?batch=1`, body: JSON.stringify(body) };
}

test("a batch of more than 10 tRPC calls is refused whole before any runs; a batch of 10 runs; the app's own client never sends more", async ({
  page,
}) => {
  const sentBatches: number[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith("/api/trpc/"))
      sentBatches.push(decodeURIComponent(path.slice("/api/trpc/".length)).split(",").length);
  });
  await signUp(page, uniqueName("bea"));
  const { guildId } = await createGuild(page, "Batches");
  const channelNames = async () =>
    (
      (await (
        await page.request.get(`/api/trpc/guilds.channels?input=${encodeURIComponent(JSON.stringify({ guildId }))}`)
      ).json()) as { result: { data: { name: string }[] } }
    ).result.data.map((c) => c.name);
  const inputs = (prefix: string, count: number) =>
    Array.from({ length: count }, (_, i) => ({ guildId, name: `${prefix}-${i + 1}`, kind: "text" }));

  const eleven = batch("guilds.createChannel", inputs("eleven", 11));
  const refused = await page.request.post(eleven.path, {
    data: eleven.body,
    headers: { "content-type": "application/json" },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toEqual({
    error: {
      message: "Too many calls in one request: at most 10.",
      code: -32600,
      data: { code: "BAD_REQUEST", httpStatus: 400, apiCode: null, fieldErrors: null },
    },
  });
  // The commas written encoded count too.
  const encoded = await page.request.post(eleven.path.replaceAll(",", "%2C"), {
    data: eleven.body,
    headers: { "content-type": "application/json" },
  });
  expect(encoded.status()).toBe(400);
  // A query batch too.
  const queries = await page.request.get(`/api/trpc/${Array(11).fill("guilds.list").join(",")}?batch=1`);
  expect(queries.status()).toBe(400);
  expect((await channelNames()).filter((name) => name.startsWith("eleven-"))).toEqual([]);

  const ten = batch("guilds.createChannel", inputs("ten", 10));
  const ran = await page.request.post(ten.path, { data: ten.body, headers: { "content-type": "application/json" } });
  expect(ran.status()).toBe(200);
  expect(((await ran.json()) as unknown[]).length).toBe(10);
  expect((await channelNames()).filter((name) => name.startsWith("ten-")).sort()).toEqual(
    inputs("ten", 10)
      .map((input) => input.name)
      .sort(),
  );

  // The chat, with its many queries on load: never more than 10 in one request.
  await page.reload();
  await expect(page.getByRole("textbox", { name: "Message #general" })).toBeEnabled();
  expect(sentBatches.length).toBeGreaterThan(0);
  expect(Math.max(...sentBatches)).toBeLessThanOrEqual(10);
});

test("a tRPC write is refused unless it comes from the app's own origin (scheme, host and port); X-Forwarded-Host does not help", async ({
  page,
  service,
}) => {
  await signUp(page, uniqueName("cass"));
  const own = new URL(service.webUrl);
  const create = (name: string, headers: Record<string, string>) =>
    page.request.post("/api/trpc/guilds.create", {
      data: { name },
      headers: { "content-type": "application/json", ...headers },
    });
  const refusals: Record<string, Record<string, string>> = {
    "another scheme, same host and port": { origin: `https://${own.host}` },
    "another port": { origin: `http://${own.hostname}:${Number(own.port) + 1}` },
    "another name for the same host": { origin: `http://localhost:${own.port}` },
    "another site naming itself in X-Forwarded-Host": {
      origin: "https://evil.example",
      "x-forwarded-host": "evil.example",
    },
    "another site, X-Forwarded-Host and X-Forwarded-Proto": {
      origin: "http://evil.example",
      "x-forwarded-host": "evil.example",
      "x-forwarded-proto": "http",
    },
    "an opaque origin": { origin: "null" },
    "no Origin, a Referer from another scheme": { referer: `https://${own.host}/channels` },
  };
  for (const [what, headers] of Object.entries(refusals)) {
    const answer = await create(`refused ${what}`, headers);
    expect(answer.status(), what).toBe(403);
    expect(await answer.json(), what).toEqual({
      error: {
        message: "Cross-site request refused: this call must come from the app's own pages.",
        code: -32003,
        data: { code: "FORBIDDEN", httpStatus: 403, apiCode: null, fieldErrors: null },
      },
    });
  }
  expect((await create("from the app", { origin: service.webUrl })).status()).toBe(200);
  expect((await create("from a page of the app", { referer: `${service.webUrl}/channels` })).status()).toBe(200);
  const names = (
    (await (await page.request.get("/api/trpc/guilds.list")).json()) as { result: { data: { name: string }[] } }
  ).result.data.map((g) => g.name);
  expect(names.filter((name) => name.startsWith("refused"))).toEqual([]);
  expect(names).toEqual(expect.arrayContaining(["from the app", "from a page of the app"]));
});

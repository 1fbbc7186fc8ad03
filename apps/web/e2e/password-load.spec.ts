import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures/service";
import { signUp, uniqueName } from "./support/people";

// The real limits (20 sign-up attempts an hour per address); each test's requests claim an
// address of their own, believed from loopback.
test.use({ serviceEnv: { TRUST_PROXY: "loopback" } });

/**
 * How much slower /healthz may answer (95th percentile) while the web app is flooded with
 * password work than it did just before, quiet: the budget of the "under 50 ms",
 * measured against the machine's own noise (the suite shares two cores with other runs).
 */
const HEALTHZ_BUDGET_MS = 50;

interface Latencies {
  count: number;
  median: number;
  p95: number;
  max: number;
}

/** Asks /healthz over and over (one at a time) until `work` is done; the latencies it saw. */
async function healthzDuring(webUrl: string, work: Promise<unknown>): Promise<Latencies> {
  let done = false;
  const finished = work.finally(() => {
    done = true;
  });
  const samples: number[] = [];
  while (!done) {
    const started = performance.now();
    const response = await fetch(`${webUrl}/healthz`);
    await response.arrayBuffer();
    samples.push(performance.now() - started);
    expect(response.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await finished;
  samples.sort((a, b) => a - b);
  const at = (q: number) => Math.round(samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? 0);
  return { count: samples.length, median: at(0.5), p95: at(0.95), max: Math.round(samples.at(-1) ?? 0) };
}

/** /healthz while nothing else is asked of the web app, for `ms`. */
function healthzQuiet(webUrl: string, ms = 1500): Promise<Latencies> {
  return healthzDuring(webUrl, new Promise((resolve) => setTimeout(resolve, ms)));
}

/** Calls one tRPC mutation over HTTP (as the forms do) and answers its status and error message. */
async function mutate(request: APIRequestContext, webUrl: string, path: string, input: unknown, address: string): Promise<{ status: number; message: string | null }> {
  const response = await request.post(`${webUrl}/api/trpc/${path}`, { data: input, headers: { origin: webUrl, "x-forwarded-for": address } });
  const body = (await response.json()) as { error?: { message: string } };
  return { status: response.status(), message: body.error?.message ?? null };
}

/** `total` calls of `call`, `concurrency` at a time, as fast as the answers come. */
async function flood<T>(total: number, concurrency: number, call: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) results.push(await call(next++));
    }),
  );
  return results;
}

test("a flood of weak-password sign-ups from one address is refused after 20 attempts, and /healthz stays quick", async ({ request, service }) => {
  // Warm: the routes' code loaded, the password thread started (a sign-up from elsewhere).
  expect((await mutate(request, service.webUrl, "account.signUp", { username: uniqueName("warm"), password: "password" }, "192.0.2.250")).status).toBe(400);
  const quiet = await healthzQuiet(service.webUrl);
  // Weak passwords zxcvbn takes long to judge (64 characters of dates and l33t: a few hundred
  // milliseconds each), sent back to back on three connections.
  test.setTimeout(180_000);
  const weak = ["19901231", "p@55w0rd"].map((pattern) => pattern.repeat(8));
  const total = 150;
  const work = flood(total, 3, (i) => mutate(request, service.webUrl, "account.signUp", { username: uniqueName(`flood${i}`), password: weak[i % weak.length] }, "198.51.100.10"));
  const latencies = await healthzDuring(service.webUrl, work);
  const outcomes = await work;
  console.log(`[password-load] sign-up flood: ${total} weak 64-character passwords; /healthz quiet ${JSON.stringify(quiet)} ms, during ${JSON.stringify(latencies)} ms`);

  const refusedWeak = outcomes.filter((o) => o.status === 400);
  const limited = outcomes.filter((o) => o.status === 429);
  // Each attempt counts before its password is judged: at most 20 were.
  expect(refusedWeak.length).toBeLessThanOrEqual(20);
  expect(limited.length).toBe(total - refusedWeak.length);
  for (const { message } of limited) expect(message).toMatch(/^Too many sign-up attempts\. Try again in \d+ seconds\.$/);
  expect(latencies.count).toBeGreaterThan(10);
  expect(latencies.p95).toBeLessThan(quiet.p95 + HEALTHZ_BUDGET_MS);
});

test("128-character new passwords sent to changePassword in a loop do not stall /healthz", async ({ page, service }) => {
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": "198.51.100.20" });
  await signUp(page, uniqueName("looper"));
  // Only the calls below from now on (the chat page's own requests and live stream closed; the cookies stay).
  await page.goto("about:blank");
  // zxcvbn's costliest kind of input (hundreds of milliseconds each to judge) with wrong current
  // passwords, as in the finding (a batch of 200 froze the web app for 46 s).
  const costly = ["19901231", "p@55w0rd", "qwerty12"].map((pattern) => pattern.repeat(16));
  const quiet = await healthzQuiet(service.webUrl);
  const total = 40;
  const work = flood(total, 4, (i) => mutate(page.request, service.webUrl, "account.changePassword", { currentPassword: `not my password ${i}`, newPassword: costly[i % costly.length] }, "198.51.100.20"));
  const latencies = await healthzDuring(service.webUrl, work);
  const outcomes = await work;
  console.log(`[password-load] changePassword loop: ${total} calls with 128-character new passwords; /healthz quiet ${JSON.stringify(quiet)} ms, during ${JSON.stringify(latencies)} ms`);

  // Five checks per person per 15 minutes; the rest refused before anything is judged.
  expect(outcomes.filter((o) => o.status === 400)).toHaveLength(5);
  const limited = outcomes.filter((o) => o.status === 429);
  expect(limited).toHaveLength(total - 5);
  for (const { message } of limited) expect(message).toMatch(/^Too many password attempts\. Try again in \d+ seconds\.$/);
  expect(latencies.count).toBeGreaterThan(10);
  expect(latencies.p95).toBeLessThan(quiet.p95 + HEALTHZ_BUDGET_MS);
});

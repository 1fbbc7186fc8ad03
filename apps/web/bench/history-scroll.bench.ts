import type { CDPSession, Page } from "@playwright/test";
import { expect, test } from "../e2e/fixtures/service";
import { createGuild, messages, signUp, uniqueName } from "../e2e/support/people";

const HISTORY = Number(process.env.BENCH_MESSAGES ?? 10_000);
/** One wheel turn: about what a fast flick of a trackpad moves. */
const WHEEL_PX = 1_500;
/** The reference page is scrolled at most this long: on a busy 2-core machine it can take many minutes to reach the top. */
const REFERENCE_SECONDS = Number(process.env.BENCH_REFERENCE_SECONDS ?? 120);

interface Figures {
  frames: number;
  p50: number;
  p99: number;
  worst: number;
  heapMb: number;
  domNodes: number;
  seconds: number;
  reachedTop: boolean;
}

/**
 * Scrolls a page's scroller from the bottom to the top with the mouse wheel until `reachedTop`
 * (or `maxSeconds` pass), recording every frame's duration in the page and the heap and DOM
 * size at the end.
 */
async function scrollToTop(
  page: Page,
  cdp: CDPSession,
  scroller: string,
  reachedTop: () => Promise<boolean>,
  maxSeconds = Number.POSITIVE_INFINITY,
): Promise<Figures> {
  await page.evaluate(() => {
    const frames: number[] = [];
    (window as unknown as { __frames: number[] }).__frames = frames;
    let last = performance.now();
    const tick = (now: number) => {
      frames.push(now - last);
      last = now;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const box = await page.locator(scroller).boundingBox();
  if (!box) throw new Error("no scroller");
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const started = Date.now();
  let top = await reachedTop();
  while (!top && Date.now() - started < maxSeconds * 1000) {
    await page.mouse.wheel(0, -WHEEL_PX);
    await page.waitForTimeout(16);
    top = await reachedTop();
  }
  const seconds = (Date.now() - started) / 1000;
  const frames = (await page.evaluate(() => (window as unknown as { __frames: number[] }).__frames))
    .slice(1)
    .sort((a, b) => a - b);
  await cdp.send("HeapProfiler.collectGarbage");
  await cdp.send("Performance.enable");
  const { metrics } = await cdp.send("Performance.getMetrics");
  const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
  const at = (q: number) => frames[Math.min(frames.length - 1, Math.floor(q * frames.length))] ?? 0;
  return {
    frames: frames.length,
    p50: at(0.5),
    p99: at(0.99),
    worst: frames.at(-1) ?? 0,
    heapMb: metric("JSHeapUsedSize") / 2 ** 20,
    domNodes: metric("Nodes"),
    seconds,
    reachedTop: top,
  };
}

const row = (name: string, f: Figures) =>
  `| ${name} | ${f.frames} | ${f.p50.toFixed(1)} | ${f.p99.toFixed(1)} | ${f.worst.toFixed(0)} | ${f.heapMb.toFixed(1)} | ${f.domNodes} | ${f.seconds.toFixed(1)}${f.reachedTop ? "" : " (stopped before the top)"} |`;

test(`scrolling a ${HISTORY}-message channel from the newest to the first`, async ({ page, browser, service }) => {
  const me = uniqueName("reader");
  await signUp(page, me);
  const { guildId, channelId } = await createGuild(page, "Long history");
  const { domain, database } = await service.domain();
  const person = await domain.users.findByUsername(me);
  if (!person) throw new Error("sign-up did not create the person");
  // Seeded as rows (the send path is what `pnpm bench` measures elsewhere), a minute apart, the last one sent for real.
  const seeding = Date.now();
  const text = (n: number) => `message ${n}: **some** text with a \`code\` span and a link https://example.com/${n}`;
  const first = Date.now() - HISTORY * 60_000;
  for (let i = 0; i < HISTORY - 1; i += 1000) {
    const data = Array.from({ length: Math.min(1000, HISTORY - 1 - i) }, (_, j) => ({
      channelId: BigInt(channelId),
      guildId: BigInt(guildId),
      authorId: person.id,
      content: text(i + j + 1),
      createdAt: new Date(first + (i + j) * 60_000),
    }));
    await database.prisma.message.createMany({ data });
  }
  await domain.messages.create(BigInt(channelId), person.id, { content: text(HISTORY) });
  console.log(`seeded ${HISTORY} messages in ${((Date.now() - seeding) / 1000).toFixed(0)} s`);

  await page.goto(`/channels/${guildId}/${channelId}`);
  await expect(messages(page).last()).toContainText(`message ${HISTORY}:`);
  const app = await scrollToTop(
    page,
    await page.context().newCDPSession(page),
    '[data-testid="message-scroller"]',
    () => page.getByRole("heading", { name: "Welcome to #general!" }).isVisible(),
  );
  await expect(messages(page).first()).toContainText("message 1:");
  console.log(`web app: ${row("", app)}`);

  // Reference, same run, same browser: the same rows all in one page (what a list that keeps every message costs).
  const reference = await browser.newPage();
  await reference.setContent(
    `<div id="s" style="height:800px;overflow-y:auto;font:15px sans-serif"><ol>${Array.from(
      { length: HISTORY },
      (_, i) =>
        `<li style="display:flex;gap:16px;padding:2px 16px"><span style="width:40px;height:40px;border-radius:50%;background:#5b6cf0"></span><div><b>reader</b> <time>Today</time><div>message ${i + 1}: <strong>some</strong> text with a <code>code</code> span and a link <a href="https://example.com/${i}">https://example.com/${i}</a></div></div></li>`,
    ).join("")}</ol></div>`,
  );
  await reference.locator("#s").evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  const all = await scrollToTop(
    reference,
    await reference.context().newCDPSession(reference),
    "#s",
    () => reference.locator("#s").evaluate((el) => el.scrollTop === 0),
    REFERENCE_SECONDS,
  );

  console.log(
    [
      "",
      `History of ${HISTORY} messages, scrolled from the newest to the first with the mouse wheel (${WHEEL_PX} px a turn), Chromium headless on this machine:`,
      "| list | frames | frame p50 ms | frame p99 ms | worst ms | JS heap MB | DOM nodes | seconds |",
      "|---|---|---|---|---|---|---|---|",
      row("web app (window of 150, pages of 50 from the server)", app),
      row(`reference: all ${HISTORY} plain rows in one page`, all),
      "",
    ].join("\n"),
  );
});

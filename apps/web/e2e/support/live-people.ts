import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expect, type RunningService, test as serviceTest } from "../fixtures/service";
import { signUpOverHttp, uniqueName } from "./people";

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

/** Someone signed up through the page; new browsers start signed in as them from `state`. */
export interface Someone {
  username: string;
  id: bigint;
  state: StorageState;
}

export const PHONE = { width: 390, height: 844 };

/**
 * Resizes the page and waits until it has heard the resize: the event comes with a later frame,
 * and menus close on it, so one opened right after setViewportSize could be closed under the test.
 */
export async function resizeTo(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

/** Administrator: the moderator bot may kick, ban, edit channels and overwrites, delete and type. */
const ADMINISTRATOR = 8n;

/**
 * Sign-ups are slow (password hashing), so each person is signed up once per spec file (over
 * HTTP: the form itself is auth.spec's) and each test opens its own browsers for them.
 */
const signedUp = new WeakMap<RunningService, Map<string, Promise<Someone>>>();

async function signUpOnce(browser: Browser, service: RunningService, file: string, label: string): Promise<Someone> {
  // Keyed by the service itself, not its URL: a later file's service may get a freed port again.
  let ofService = signedUp.get(service);
  if (!ofService) {
    ofService = new Map();
    signedUp.set(service, ofService);
  }
  const people = ofService;
  // Services are shared between files: each file has people of its own.
  const key = `${file}\n${label}`;
  let someone = people.get(key);
  if (!someone) {
    someone = (async () => {
      const context = await browser.newContext({ baseURL: service.webUrl });
      try {
        const username = uniqueName(label);
        await signUpOverHttp(context, service.webUrl, username);
        const user = await (await service.domain()).domain.users.findByUsername(username);
        if (!user) throw new Error(`${username} was not created`);
        return { username, id: user.id, state: await context.storageState() };
      } finally {
        await context.close();
      }
    })();
    people.set(key, someone);
    someone.catch(() => people.delete(key));
  }
  return someone;
}

export interface People {
  /** The person called `label` in this spec file (signed up on first use). */
  get(label: string): Promise<Someone>;
  /**
   * A new browser signed in as `someone`, on `path` (of the web app, or of `baseURL`: a relay in
   * front of it), granted `permissions` ("microphone"); `phone`: a touch screen of PHONE's size.
   */
  open(
    someone: Someone,
    path: string,
    options?: { baseURL?: string; permissions?: string[]; phone?: boolean },
  ): Promise<Page>;
}

/** `test` with `people`: the spec file's signed-up people, and browsers for them closed after each test. */
export const test = serviceTest.extend<{ people: People }>({
  people: async ({ browser, service }, use, testInfo) => {
    const contexts: BrowserContext[] = [];
    await use({
      get: (label) => signUpOnce(browser, service, testInfo.file, label),
      async open(someone, path, options = {}) {
        const context = await browser.newContext({
          baseURL: options.baseURL ?? service.webUrl,
          storageState: someone.state,
          permissions: options.permissions,
          ...(options.phone ? { viewport: PHONE, hasTouch: true, isMobile: true } : {}),
        });
        contexts.push(context);
        const page = await context.newPage();
        await page.goto(path);
        return page;
      },
    });
    for (const context of contexts) await context.close();
  },
});

export { expect };

/** A guild owned by `owner` (its #general and General), with `members` in it, made through the domain service. */
export async function guildWith(service: RunningService, owner: Someone, name: string, members: Someone[] = []) {
  const { domain } = await service.domain();
  const guild = await domain.guilds.create(owner.id, name);
  for (const member of members) await domain.members.addPerson(guild.id, member.id);
  const general = guild.channels.find((c) => c.type === 0);
  if (!general) throw new Error("the guild has no text channel");
  return {
    guildId: guild.id.toString(),
    channelId: general.id.toString(),
    path: `/channels/${guild.id}/${general.id}`,
  };
}

/** A bot with Administrator in the guild, shown as `name`, acting over REST with its token (as a moderation bot does). */
export async function moderatorBot(service: RunningService, owner: Someone, guildId: string, name = "Mod Bot") {
  const { domain } = await service.domain();
  const app = await domain.applications.create(owner.id, name);
  await domain.members.addBot(owner.id, BigInt(guildId), app.application.id, ADMINISTRATOR);
  const token = app.botToken;
  return {
    /** Calls the bot REST API and expects a 2xx answer. */
    async rest(method: string, path: string, body?: unknown): Promise<unknown> {
      const response = await fetch(`${service.apiUrl}${path}`, {
        method,
        headers: {
          Authorization: `Bot ${token}`,
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      expect(response.ok, `${method} ${path} answered ${response.status} ${text}`).toBe(true);
      return text ? JSON.parse(text) : null;
    },
  };
}

/** Waits until the open channel is loaded and the page's live stream is connected (no "Connecting…" badge). */
export async function live(page: Page): Promise<void> {
  await expect(page.getByRole("textbox", { name: /^Message #/ })).toBeEnabled();
  await expect(page.getByRole("status").filter({ hasText: "Connecting…" })).toHaveCount(0);
}

/** The guild rail, the channel list and the member list of a page. */
export function sidebars(page: Page) {
  return {
    rail: page.getByRole("navigation", { name: "Guilds" }),
    channels: page.getByRole("navigation", { name: "Channels" }),
    members: page.getByRole("complementary", { name: "Members" }).getByTestId("member"),
  };
}

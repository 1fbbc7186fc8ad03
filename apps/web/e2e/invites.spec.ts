import { expect, test } from "./fixtures/service";
import { createGuild, messages, openDialog, screen, sendMessage, signUp, uniqueName } from "./support/people";

test("the owner makes an invite link; another person opens it, joins and chats", async ({ page, browser, service }) => {
  const owner = uniqueName("host");
  await signUp(page, owner);
  const { guildId, channelId } = await createGuild(page, "Open House");
  await sendMessage(page, "general", "Welcome, newcomers!");

  const dialog = await openDialog(page, "Invite people", "Invite people to Open House");
  const linkField = dialog.getByTestId("invite-link");
  await expect(linkField).toHaveValue(/\/invite\/[A-Za-z0-9]+$/);
  const path = new URL(await linkField.inputValue()).pathname;
  await screen(page, "invite-dialog");
  await dialog.getByRole("button", { name: "Done" }).click();

  const guestContext = await browser.newContext({ baseURL: service.webUrl });
  const guest = await guestContext.newPage();
  await signUp(guest, uniqueName("guest"));
  await guest.goto(path);
  await expect(guest.getByTestId("invite-guild")).toHaveText("Open House");
  await expect(guest.getByText(`${owner} invited you to join`)).toBeVisible();
  await expect(guest.getByText("1 member · #general")).toBeVisible();
  await screen(guest, "invite");
  await guest.getByRole("button", { name: "Accept invite" }).click();
  await expect(guest).toHaveURL(new RegExp(`/channels/${guildId}/${channelId}$`));
  await expect(messages(guest)).toHaveText(["Welcome, newcomers!"]);

  // Opening it again: already a member, one click back to the guild.
  await guest.goto(path);
  await expect(guest.getByText("You’re already a member of Open House.")).toBeVisible();
  await guest.getByRole("link", { name: "Go to Open House" }).click();
  await expect(guest).toHaveURL(new RegExp(`/channels/${guildId}`));
  await guestContext.close();
});

test("a used-up or unknown invite says so and leads back to the chat", async ({ page, browser, service }) => {
  const owner = uniqueName("host");
  await signUp(page, owner);
  const { channelId } = await createGuild(page, "One Seat");
  const { domain } = await service.domain();
  const ownerUser = await domain.users.findByUsername(owner);
  const invite = await domain.invites.create(BigInt(channelId), ownerUser?.id ?? 0n, { max_age: 3600, max_uses: 1 });
  const first = await domain.users.createPerson({ username: uniqueName("first"), passwordHash: "not-a-login" });
  await domain.invites.accept(first.id, invite.code);

  const lateContext = await browser.newContext({ baseURL: service.webUrl });
  const late = await lateContext.newPage();
  await signUp(late, uniqueName("late"));
  await late.goto(`/invite/${invite.code}`);
  await expect(late.getByRole("heading", { name: "This invite doesn’t work" })).toBeVisible();
  await late.goto("/invite/nosuchcode");
  await expect(late.getByRole("heading", { name: "This invite doesn’t work" })).toBeVisible();
  await late.getByRole("link", { name: "Back to chat" }).click();
  await expect(late).toHaveURL(/\/channels/);
  await lateContext.close();
});

test("someone signed out is asked to log in first and comes back to the invite", async ({ page, service }) => {
  const owner = uniqueName("host");
  await signUp(page, owner);
  const { channelId } = await createGuild(page, "Members Only");
  const { domain } = await service.domain();
  const ownerUser = await domain.users.findByUsername(owner);
  const invite = await domain.invites.create(BigInt(channelId), ownerUser?.id ?? 0n, {});
  await page.context().clearCookies();
  await page.goto(`/invite/${invite.code}`);
  await expect(page).toHaveURL(/\/login\?callbackUrl=/);
  expect(new URL(page.url()).searchParams.get("callbackUrl")).toBe(`/invite/${invite.code}`);
});

import { LAX_LIMITS } from "./fixtures/service";
import { axeViolations } from "./support/axe";
import { expect, guildWith, live, PHONE, test } from "./support/live-people";
import { screen } from "./support/people";

test.describe("without a media server", () => {
  // LIVEKIT_URL named (empty): the harness starts no LiveKit, and the service has no voice.
  test.use({ serviceEnv: { ...LAX_LIMITS, LIVEKIT_URL: "" } });

  test("a voice channel says plainly that voice isn't set up, and clicking it joins nothing", async ({
    people,
    service,
  }) => {
    const ann = await people.get("ann");
    const { path } = await guildWith(service, ann, "Quiet Guild");
    const page = await people.open(ann, path);
    await live(page);
    const channels = page.getByRole("navigation", { name: "Channels" });
    const voice = channels.getByTestId("voice-channel");
    await expect(voice).toHaveText("General");
    await expect(channels.getByTestId("voice-unavailable")).toHaveText("Voice isn’t set up on this server.");
    await expect(voice).toHaveAttribute("aria-disabled", "true");
    await expect(voice).toHaveAccessibleDescription("Voice isn’t set up on this server.");
    // aria-disabled keeps it focusable (its description is read out): Enter joins nothing.
    await voice.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("voice-panel")).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);

    await page.setViewportSize(PHONE);
    await page.getByRole("button", { name: "Guilds and channels" }).click();
    await expect(page.getByTestId("voice-unavailable")).toBeVisible();
    await screen(page, "voice-unavailable-phone");
  });
});

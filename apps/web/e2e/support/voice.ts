import type { Page } from "@playwright/test";
import { liveKitOf, type RunningLiveKit } from "../fixtures/livekit";
import { expect, test as peopleTest, type Someone } from "./live-people";

/**
 * `test` of people's specs whose service must have voice: the harness's LiveKit (a real server,
 * webhooks to the service's server); without a LiveKit binary the test fails, saying how to get one.
 */
export const test = peopleTest.extend<{ livekit: RunningLiveKit }>({
  livekit: async ({ service }, use) => use(liveKitOf(service)),
});

/** Context permissions of a browser that may use its (fake) microphone. */
export const MICROPHONE = ["microphone"];

/** A voice channel's entry in the channel list (a button: a click joins). */
export function voiceChannel(page: Page, name: string) {
  return page.getByRole("navigation", { name: "Channels" }).getByTestId("voice-channel").filter({ hasText: name });
}

/** Someone's entry under a voice channel of the channel list. */
export function participant(page: Page, channelName: string, someone: Someone) {
  return page
    .getByRole("list", { name: `In ${channelName}` })
    .locator(`[data-testid="voice-participant"][data-user-id="${someone.id}"]`);
}

/**
 * How loud `identity`'s audio element on `page` is (peak sample over ~2 s, measured with
 * WebAudio on the stream it plays), and whether it plays and is muted.
 */
export function audioFrom(page: Page, identity: bigint) {
  return page.evaluate(async (id) => {
    const element = document.querySelector<HTMLAudioElement>(`[data-testid="voice-audio"][data-identity="${id}"]`);
    if (!element || !(element.srcObject instanceof MediaStream)) return null;
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 2048;
    context.createMediaStreamSource(element.srcObject).connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    let peak = 0;
    for (let i = 0; i < 20; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      analyser.getFloatTimeDomainData(samples);
      for (const sample of samples) peak = Math.max(peak, Math.abs(sample));
    }
    await context.close();
    return { peak, playing: !element.paused, muted: element.muted };
  }, identity.toString());
}

/** Clicks the voice channel and waits until the panel says connected. */
export async function joinVoice(page: Page, channelName: string) {
  await voiceChannel(page, channelName).click();
  await expect(page.getByTestId("voice-phase")).toHaveText("Voice connected", { timeout: 30_000 });
  await expect(page.getByTestId("voice-channel-name")).toHaveText(channelName);
}

import type { Browser } from "@playwright/test";

/**
 * A real WebM video (VP8, 160 × 90, a green block sliding over blue) of about `ms`
 * milliseconds, a few KB, recorded by the browser's own encoder from a canvas.
 */
export async function recordWebm(browser: Browser, ms = 600): Promise<Buffer> {
  const page = await browser.newPage();
  try {
    const base64 = await page.evaluate(async (duration) => {
      const canvas = document.createElement("canvas");
      canvas.width = 160;
      canvas.height = 90;
      const g = canvas.getContext("2d") as CanvasRenderingContext2D;
      const recorder = new MediaRecorder(canvas.captureStream(15), { mimeType: "video/webm;codecs=vp8" });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (event) => chunks.push(event.data);
      const stopped = new Promise((resolve) => {
        recorder.onstop = resolve;
      });
      recorder.start();
      const start = performance.now();
      await new Promise<void>((resolve) => {
        const draw = () => {
          const t = performance.now() - start;
          g.fillStyle = "#5b6cf0";
          g.fillRect(0, 0, 160, 90);
          g.fillStyle = "#2ea866";
          g.fillRect(Math.min(1, t / duration) * 120, 30, 40, 30);
          if (t < duration) requestAnimationFrame(draw);
          else resolve();
        };
        draw();
      });
      recorder.stop();
      await stopped;
      const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
      let binary = "";
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    }, ms);
    return Buffer.from(base64, "base64");
  } finally {
    await page.close();
  }
}

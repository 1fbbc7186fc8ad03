import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/**
 * Writes a WAV file of a steady tone (mono, 16-bit, 48 kHz) for Chromium's fake microphone
 * (`--use-file-for-fake-audio-capture`, which loops it): unlike its default beep, a steady
 * tone keeps the speaker speaking, so "who is speaking" can be checked without luck.
 * Written under a name of its own and renamed into place: every Playwright worker loads the
 * config that writes it, while another worker's Chromium may be reading it.
 */
export function writeToneWav(path: string, { hz = 440, seconds = 2, amplitude = 0.4 } = {}): string {
  const rate = 48_000;
  const samples = rate * seconds;
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++)
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * hz * i) / rate) * amplitude * 32767), i * 2);
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVE", 8);
  header.write("fmt ", 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36);
  header.writeUInt32LE(data.length, 40);
  mkdirSync(dirname(path), { recursive: true });
  const draft = `${path}.${process.pid}`;
  writeFileSync(draft, Buffer.concat([header, data]));
  renameSync(draft, path);
  return path;
}

import type { Db } from "@chat/db";
import { Gauge, type Registry } from "prom-client";

/** Voice rooms and their participants, as the voice states (kept by LiveKit's webhooks) know them. */
export interface VoiceMetrics {
  /** Reads the voice states at each scrape (voice on); without it both gauges read 0. */
  watch(db: Db): void;
}

export function createVoiceMetrics(registry: Registry): VoiceMetrics {
  let census: () => Promise<{ rooms: number; participants: number }> = async () => ({ rooms: 0, participants: 0 });
  let last = { rooms: 0, participants: 0 };
  // Both gauges come from one read per scrape.
  let reading: Promise<void> | null = null;
  const refresh = () =>
    (reading ??= census()
      .then((now) => {
        last = now;
      })
      .catch(() => {
        // The database is away: the last numbers stay (readiness reports the outage).
      })
      .finally(() => {
        reading = null;
      }));
  new Gauge({
    name: "chat_voice_rooms",
    help: "LiveKit rooms (voice channels) with someone connected, from the voice states; the same on every node",
    registers: [registry],
    async collect() {
      await refresh();
      this.set(last.rooms);
    },
  });
  new Gauge({
    name: "chat_voice_participants",
    help: "Participants connected to LiveKit rooms, from the voice states; the same on every node",
    registers: [registry],
    async collect() {
      await refresh();
      this.set(last.participants);
    },
  });
  return {
    watch(db) {
      census = async () => {
        const rooms = await db.voiceState.groupBy({ by: ["channelId"], _count: { _all: true } });
        return { rooms: rooms.length, participants: rooms.reduce((sum, room) => sum + room._count._all, 0) };
      };
    },
  };
}

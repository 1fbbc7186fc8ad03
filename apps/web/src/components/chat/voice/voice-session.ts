import type { ConnectionState, Participant, RemoteParticipant, RemoteTrack, Room } from "livekit-client";
import { CONNECT_PROBLEM, disconnectProblem, joinProblem, microphoneProblem } from "./voice-problems";
import { IDLE, type VoiceApi, type VoiceChannelRef, type VoiceSnapshot } from "./voice-snapshot";

type LiveKit = typeof import("livekit-client");

/** livekit-client is big: loaded on the first join, not with the chat. */
let liveKitModule: Promise<LiveKit> | undefined;
function loadLiveKit(): Promise<LiveKit> {
  liveKitModule ??= import("livekit-client");
  liveKitModule.catch(() => {
    liveKitModule = undefined;
  });
  return liveKitModule;
}

/** The voice state appears once the media server reports the connection: telling it about mute may need a few tries. */
const SELF_SYNC_TRIES = 8;
const SELF_SYNC_DELAY_MS = 500;

/**
 * The tab's one voice connection (LiveKit): joins a channel (leaving any other), publishes the
 * microphone unless muted, plays everyone else's audio through <audio data-testid="voice-audio"
 * data-identity="<user id>"> elements in `audioHost`, and tells the server about mute and
 * deafen. Framework-free; React reads it through `subscribe` / `snapshot`.
 */
export class VoiceSession {
  private state: VoiceSnapshot = IDLE;
  private readonly listeners = new Set<() => void>();
  private room: Room | null = null;
  /** Bumped by every join and leave: an older attempt's answers are ignored. */
  private attempt = 0;
  private audioHost: HTMLElement | null = null;
  /** Mute as it was before deafening, restored on undeafen. */
  private muteBeforeDeaf = false;
  /** livekit-client, once a join has loaded it. */
  private lk: LiveKit | null = null;

  constructor(private readonly api: VoiceApi) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = (): VoiceSnapshot => this.state;

  /** The element remote audio plays in (kept in the page so tests can find it). */
  setAudioHost(host: HTMLElement | null): void {
    this.audioHost = host;
  }

  async join(channel: VoiceChannelRef): Promise<void> {
    const { phase, channel: current } = this.state;
    if (
      current?.channelId === channel.channelId &&
      (phase === "connecting" || phase === "connected" || phase === "reconnecting")
    )
      return;
    const attempt = ++this.attempt;
    const previous = this.room;
    this.room = null;
    const { selfMute, selfDeaf } = this.state;
    this.set({ ...IDLE, phase: "connecting", channel, selfMute, selfDeaf });
    if (previous) await this.close(previous);
    // The server ends the old one in the same guild itself; another guild's is left here.
    if (current && current.guildId !== channel.guildId)
      await this.api.leave({ guildId: current.guildId }).catch(() => undefined);

    let answer: Awaited<ReturnType<VoiceApi["join"]>>;
    try {
      answer = await this.api.join({ channelId: channel.channelId, selfMute, selfDeaf });
    } catch (error) {
      if (attempt === this.attempt) this.set({ phase: "ended", problem: joinProblem(error) });
      return;
    }
    if (attempt !== this.attempt) return;

    let lk: LiveKit;
    try {
      lk = await loadLiveKit();
    } catch {
      if (attempt === this.attempt) this.set({ phase: "ended", problem: CONNECT_PROBLEM });
      return;
    }
    if (attempt !== this.attempt) return;
    this.lk = lk;
    const room = new lk.Room({ adaptiveStream: false, dynacast: false });
    this.listen(lk, room, attempt);
    this.room = room;
    try {
      await room.connect(answer.url, answer.token);
    } catch {
      if (attempt !== this.attempt) return;
      this.room = null;
      await this.close(room);
      this.set({ phase: "ended", problem: CONNECT_PROBLEM });
      return;
    }
    if (attempt !== this.attempt) return;
    this.set({ phase: "connected", canSpeak: answer.speak, audioBlocked: !room.canPlaybackAudio });
    // Toggled while connecting: the join carried the old choice.
    const now = this.state;
    if (!answer.speak) this.set({ selfMute: true });
    else if (!now.selfMute && !now.selfDeaf) await this.microphone(true);
    if (this.state.selfMute !== selfMute || this.state.selfDeaf !== selfDeaf) this.tellServer();
  }

  async leave(): Promise<void> {
    const { channel } = this.state;
    this.attempt++;
    const room = this.room;
    this.room = null;
    this.set({ ...IDLE, selfMute: this.state.selfMute, selfDeaf: this.state.selfDeaf });
    if (room) await this.close(room);
    if (channel) await this.api.leave({ guildId: channel.guildId }).catch(() => undefined);
  }

  /** Forgets a problem shown after the call ended. */
  dismiss(): void {
    if (this.state.phase === "ended")
      this.set({ ...IDLE, selfMute: this.state.selfMute, selfDeaf: this.state.selfDeaf });
    else this.set({ problem: null });
  }

  async toggleMute(): Promise<void> {
    const { selfMute, selfDeaf, canSpeak } = this.state;
    if (selfMute && !canSpeak) {
      this.set({ problem: "You don’t have permission to speak in this channel." });
      return;
    }
    const mute = !selfMute;
    // Unmuting while deafened undeafens too: speaking to a room one cannot hear helps nobody.
    if (!mute && selfDeaf) this.playRemoteAudio(true);
    this.set({ selfMute: mute, selfDeaf: mute ? selfDeaf : false, problem: null });
    if (this.room) await this.microphone(!mute);
    this.tellServer();
  }

  async toggleDeaf(): Promise<void> {
    const { selfMute, selfDeaf, canSpeak } = this.state;
    const deaf = !selfDeaf;
    if (deaf) this.muteBeforeDeaf = selfMute;
    const mute = deaf ? true : this.muteBeforeDeaf || !canSpeak;
    this.playRemoteAudio(!deaf);
    this.set({ selfDeaf: deaf, selfMute: mute, problem: null });
    if (this.room) await this.microphone(!mute);
    this.tellServer();
  }

  /** After a click, when the browser held playback back. */
  async startAudio(): Promise<void> {
    await this.room?.startAudio().catch(() => undefined);
    this.set({ audioBlocked: this.room ? !this.room.canPlaybackAudio : false });
  }

  /** The tab goes away from the chat: out of the room. */
  destroy(): void {
    void this.leave();
    this.listeners.clear();
  }

  private async microphone(on: boolean): Promise<void> {
    const room = this.room;
    if (!room) return;
    try {
      await room.localParticipant.setMicrophoneEnabled(on);
    } catch (error) {
      if (room !== this.room || !this.lk) return;
      this.set({ selfMute: true, problem: microphoneProblem(this.lk, error) });
      this.tellServer();
    }
  }

  private listen(lk: LiveKit, room: Room, attempt: number): void {
    const { ConnectionState, RoomEvent, Track } = lk;
    const current = () => attempt === this.attempt && room === this.room;
    room
      .on(RoomEvent.TrackSubscribed, (track: RemoteTrack, _publication, participant: RemoteParticipant) => {
        if (track.kind !== Track.Kind.Audio) return;
        const element = track.attach();
        element.dataset.testid = "voice-audio";
        element.dataset.identity = participant.identity;
        element.muted = this.state.selfDeaf;
        this.audioHost?.append(element);
      })
      .on(RoomEvent.TrackUnsubscribed, (track: RemoteTrack) => {
        for (const element of track.detach()) element.remove();
      })
      .on(RoomEvent.ParticipantDisconnected, (participant: RemoteParticipant) => {
        // Their tracks end with them; their elements go even when no unsubscription is reported.
        this.removeAudio(participant.identity);
      })
      .on(RoomEvent.ParticipantPermissionsChanged, (_before, participant: Participant) => {
        // Speak or Listen given or taken while connected (the media server applies it at once).
        if (!current() || participant !== room.localParticipant) return;
        const canSpeak = participant.permissions?.canPublish ?? this.state.canSpeak;
        const canHear = participant.permissions?.canSubscribe ?? true;
        const problem = !canSpeak
          ? "You can no longer speak in this channel."
          : !canHear
            ? "You can no longer hear this channel."
            : null;
        this.set({ canSpeak, problem });
        if (!canSpeak && !this.state.selfMute) {
          this.set({ selfMute: true });
          this.tellServer();
        }
      })
      .on(RoomEvent.ActiveSpeakersChanged, (speakers: Participant[]) => {
        if (current()) this.set({ speaking: new Set(speakers.map((p) => p.identity)) });
      })
      .on(RoomEvent.ConnectionStateChanged, (state: ConnectionState) => {
        if (!current()) return;
        if (state === ConnectionState.Reconnecting || state === ConnectionState.SignalReconnecting)
          this.set({ phase: "reconnecting" });
        else if (state === ConnectionState.Connected && this.state.phase === "reconnecting")
          this.set({ phase: "connected" });
      })
      .on(RoomEvent.AudioPlaybackStatusChanged, () => {
        if (current()) this.set({ audioBlocked: !room.canPlaybackAudio });
      })
      .on(RoomEvent.Disconnected, (reason) => {
        if (!current()) return;
        this.room = null;
        this.removeAudio();
        this.set({ phase: "ended", speaking: new Set(), problem: disconnectProblem(lk, reason) });
      });
  }

  private async close(room: Room): Promise<void> {
    room.removeAllListeners();
    this.removeAudio();
    await room.disconnect().catch(() => undefined);
  }

  /** Everyone's audio elements, or one participant's. */
  private removeAudio(identity?: string): void {
    for (const element of this.audioHost?.querySelectorAll<HTMLMediaElement>("[data-testid=voice-audio]") ?? []) {
      if (identity !== undefined && element.dataset.identity !== identity) continue;
      element.srcObject = null;
      element.remove();
    }
  }

  private playRemoteAudio(on: boolean): void {
    for (const element of this.audioHost?.querySelectorAll<HTMLMediaElement>("[data-testid=voice-audio]") ?? [])
      element.muted = !on;
  }

  /** Mute and deafen as everyone sees them; retried while the server has not seen the connection yet. */
  private tellServer(): void {
    const channel = this.state.channel;
    if (!channel || !this.room) return;
    const attempt = this.attempt;
    const send = async (tries: number): Promise<void> => {
      if (attempt !== this.attempt) return;
      const { selfMute, selfDeaf } = this.state;
      try {
        await this.api.setSelf({ guildId: channel.guildId, selfMute, selfDeaf });
      } catch {
        if (tries <= 1) return;
        await new Promise((resolve) => setTimeout(resolve, SELF_SYNC_DELAY_MS));
        await send(tries - 1);
      }
    };
    void send(SELF_SYNC_TRIES);
  }

  private set(patch: Partial<VoiceSnapshot>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }
}

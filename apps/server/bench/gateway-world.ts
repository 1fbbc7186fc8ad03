import type { ChildProcess } from "node:child_process";
import { type DispatchEvent, isDispatch } from "@chat/events";
import { GatewayDispatchEvents } from "discord-api-types/v10";
import type { Gateway } from "../src/gateway";
import type { RunningServer } from "../src/server";
import { benchGuild } from "./bench-guild";
import type { Command } from "./gateway-clients";

/** What the gateway bench's scenarios share: the guild they run in, and the receivers' child process they command. */

export type MessageEvent = DispatchEvent<GatewayDispatchEvents.MessageCreate>;

/** A guild with a bot in it, and a real MESSAGE_CREATE event as sent through the domain, to copy. */
export async function seed(
  server: Pick<RunningServer<Gateway | null>, "ctx">,
): Promise<{ token: string; template: MessageEvent; channelId: string }> {
  const { domain, bus } = server.ctx;
  const { guild, owner, app } = await benchGuild(domain);
  const channel = guild.channels.find((c) => c.type === 0);
  if (!channel) throw new Error("no text channel");
  const captured = new Promise<MessageEvent>((resolve) => {
    const off = bus.subscribe((event) => {
      if (!isDispatch(event, GatewayDispatchEvents.MessageCreate)) return;
      off();
      resolve(event);
    });
  });
  await domain.messages.create(channel.id, owner.id, { content: "a message of ordinary size, to copy for the bench" });
  return { token: app.botToken, template: await captured, channelId: channel.id.toString() };
}

export type Asker = (command: Command, answer: string) => Promise<unknown>;

export function asker(child: ChildProcess): Asker {
  return (command, answer) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`bench clients did not answer ${command.cmd}`)), 120_000);
      const onMessage = (message: Record<string, unknown>) => {
        if (message.error) reject(new Error(String(message.error)));
        else if (!(answer in message)) return;
        else resolve(message[answer]);
        clearTimeout(timer);
        child.off("message", onMessage);
      };
      child.on("message", onMessage);
      child.send(command);
    });
}

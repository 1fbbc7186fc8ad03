import type { ChildProcess } from "node:child_process";
import { Permission } from "@chat/domain";
import { type DispatchEvent, isDispatch } from "@chat/events";
import { GatewayDispatchEvents } from "discord-api-types/v10";
import type { Gateway } from "../src/gateway";
import type { RunningServer } from "../src/server";
import type { Command } from "./gateway-clients";

/** What the gateway bench's scenarios share: the guild they run in, and the receivers' child process they command. */

export type MessageEvent = DispatchEvent<GatewayDispatchEvents.MessageCreate>;

/** A guild with a bot in it, and a real MESSAGE_CREATE event as sent through the domain, to copy. */
export async function seed(
  server: Pick<RunningServer<Gateway | null>, "ctx">,
): Promise<{ token: string; template: MessageEvent; channelId: string }> {
  const { domain, bus } = server.ctx;
  const owner = await domain.users.createPerson({ username: `bench_${Date.now()}`, passwordHash: "not-a-login" });
  const guild = await domain.guilds.create(owner.id, "Bench");
  const app = await domain.applications.create(owner.id, "Bench bot");
  await domain.members.addBot(
    owner.id,
    guild.id,
    app.application.id,
    Permission.ViewChannel | Permission.SendMessages | Permission.ReadMessageHistory,
  );
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

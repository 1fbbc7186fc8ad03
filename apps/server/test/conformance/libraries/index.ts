import type { LibraryUnderTest } from "../scenario";
import { createDiscordJsBot } from "./discordjs";
import { createDiscordJsCoreBot } from "./discordjs-core";

export const DISCORD_JS: LibraryUnderTest = { name: "discord.js", create: createDiscordJsBot };
export const DISCORD_JS_CORE: LibraryUnderTest = { name: "@discordjs/core", create: createDiscordJsCoreBot };

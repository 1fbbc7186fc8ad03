import type { LibraryUnderTest } from "../scenario";
import { createDiscordenoBot } from "./discordeno";
import { createDiscordJsBot } from "./discordjs";
import { createDiscordJsCoreBot } from "./discordjs-core";
import { createOceanicBot } from "./oceanic";

export const DISCORD_JS: LibraryUnderTest = { name: "discord.js", create: createDiscordJsBot };
export const DISCORD_JS_CORE: LibraryUnderTest = { name: "@discordjs/core", create: createDiscordJsCoreBot };
export const OCEANIC: LibraryUnderTest = { name: "Oceanic.js", create: createOceanicBot };
export const DISCORDENO: LibraryUnderTest = { name: "discordeno", create: createDiscordenoBot };

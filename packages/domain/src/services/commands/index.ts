export type { AvailableApplicationCommands } from "./available-commands";
export { CommandService } from "./command-service";
export type { CommandScope } from "./command-store";
export { removeGuildCommandsOf } from "./guild-commands";

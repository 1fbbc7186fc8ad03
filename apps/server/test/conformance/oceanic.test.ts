import { DISCORDENO, OCEANIC } from "./libraries";
import { describeConformance } from "./scenario";

describeConformance(OCEANIC, DISCORDENO);

import { DISCORD_JS_CORE, OCEANIC } from "./libraries";
import { describeConformance } from "./scenario";

describeConformance(DISCORD_JS_CORE, OCEANIC);

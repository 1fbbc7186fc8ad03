import { DISCORD_JS, DISCORD_JS_CORE } from "./libraries";
import { describeConformance } from "./scenario";

describeConformance(DISCORD_JS_CORE, DISCORD_JS);

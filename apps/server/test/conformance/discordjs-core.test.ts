import { describeAutocompleteConformance } from "./autocomplete-scenario";
import { describeFormConformance } from "./forms-scenario";
import { describeInteractionConformance } from "./interactions-scenario";
import { DISCORD_JS_CORE, OCEANIC } from "./libraries";
import { describeConformance } from "./scenario";
import { describeVoiceConformance } from "./voice-scenario";

describeConformance(DISCORD_JS_CORE, OCEANIC);
describeInteractionConformance(DISCORD_JS_CORE);
describeAutocompleteConformance(DISCORD_JS_CORE);
describeFormConformance(DISCORD_JS_CORE);
describeVoiceConformance(DISCORD_JS_CORE);

import { describeAutocompleteConformance } from "./autocomplete-scenario";
import { describeFormConformance } from "./forms-scenario";
import { describeInteractionConformance } from "./interactions-scenario";
import { DISCORD_JS, DISCORD_JS_CORE } from "./libraries";
import { describeConformance } from "./scenario";
import { describeVoiceConformance } from "./voice-scenario";

describeConformance(DISCORD_JS, DISCORD_JS_CORE);
describeInteractionConformance(DISCORD_JS);
describeAutocompleteConformance(DISCORD_JS);
describeFormConformance(DISCORD_JS);
describeVoiceConformance(DISCORD_JS);

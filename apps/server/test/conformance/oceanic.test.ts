import { describeAutocompleteConformance } from "./autocomplete-scenario";
import { describeFormConformance } from "./forms-scenario";
import { describeInteractionConformance } from "./interactions-scenario";
import { DISCORDENO, OCEANIC } from "./libraries";
import { describeConformance } from "./scenario";

describeConformance(OCEANIC, DISCORDENO);
describeInteractionConformance(OCEANIC);
describeAutocompleteConformance(OCEANIC);
describeFormConformance(OCEANIC);

"use client";

import { createContext, type ReactNode, useContext, useState } from "react";
import { AutocompleteStore } from "./autocomplete-store";

const AutocompleteContext = createContext<AutocompleteStore | null>(null);

/** This tab's autocomplete answers (written by the live stream). */
export function AutocompleteProvider({ children }: { children: ReactNode }) {
  const [autocomplete] = useState(() => new AutocompleteStore());
  return <AutocompleteContext value={autocomplete}>{children}</AutocompleteContext>;
}

/** This tab's autocomplete answers (choices or failures), by interaction id. */
export function useAutocompleteStore(): AutocompleteStore {
  const autocomplete = useContext(AutocompleteContext);
  if (!autocomplete) throw new Error("useAutocompleteStore outside <AutocompleteProvider>");
  return autocomplete;
}

"use client";

import { createContext, type ReactNode, useContext, useState } from "react";
import { FormStore } from "./form-store";

const FormsContext = createContext<FormStore | null>(null);

/** The form an application opened in this tab (written by the live stream). */
export function FormsProvider({ children }: { children: ReactNode }) {
  const [forms] = useState(() => new FormStore());
  return <FormsContext value={forms}>{children}</FormsContext>;
}

export function useFormStore(): FormStore {
  const forms = useContext(FormsContext);
  if (!forms) throw new Error("useFormStore outside <FormsProvider>");
  return forms;
}

import type { Addressing, DispatchEvent, DispatchName } from "@chat/events";

/**
 * A dispatch event whose payload carries only what a test looks at: the gateway relays `d`
 * as it is, so transport tests need not build whole messages.
 */
export function partialDispatch(t: DispatchName, d: object, fields: Addressing & { id?: string } = {}): DispatchEvent {
  return { t, d, ...fields } as DispatchEvent;
}

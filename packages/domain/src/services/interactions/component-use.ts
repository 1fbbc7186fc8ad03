import {
  type APIInteractionDataResolved,
  type APIMessageComponentInteractionData,
  ComponentType,
} from "discord-api-types/v10";
import { z } from "zod";
import type { DomainContext } from "../../context";
import { Errors } from "../../errors";
import { parseId } from "../../ids";
import { assertStorableText } from "../../validation";
import { CommandFieldErrors } from "../commands/command-errors";
import type { ChannelAccess } from "../shared/access";
import { ResolvedEntities } from "./resolved";

/** A button or select of a message, as stored (only the fields its use is checked against). */
interface UsableComponent {
  type: number;
  custom_id?: string;
  disabled?: boolean;
  min_values?: number;
  max_values?: number;
  options?: { value: string }[];
  channel_types?: number[];
}

const SELECTS = new Set<number>([
  ComponentType.StringSelect,
  ComponentType.UserSelect,
  ComponentType.RoleSelect,
  ComponentType.MentionableSelect,
  ComponentType.ChannelSelect,
]);

/** The component with `customId` among a message's action rows, or null. */
export function findComponent(rows: unknown, customId: string): UsableComponent | null {
  if (!Array.isArray(rows)) return null;
  for (const row of rows as { components?: unknown }[]) {
    if (!Array.isArray(row?.components)) continue;
    for (const component of row.components as UsableComponent[]) {
      if (
        component &&
        component.custom_id === customId &&
        (component.type === ComponentType.Button || SELECTS.has(component.type))
      )
        return component;
    }
  }
  return null;
}

const zValues = z.array(z.string().min(1).max(100)).max(25).optional();

/**
 * A click or a pick on a message's component, checked before delivery (spec: Interaction
 * object): the component exists and is not disabled; a button takes no values; a select's
 * values number between its min and max, are distinct, and are among its options (string
 * select) or are users, roles and channels the person can see (of its channel types). Answers
 * the interaction's `data`.
 */
export async function checkComponentUse(
  ctx: DomainContext,
  access: ChannelAccess,
  rows: unknown,
  customId: string,
  rawValues: unknown,
): Promise<APIMessageComponentInteractionData> {
  const component = findComponent(rows, customId);
  if (!component)
    throw Errors.invalidForm({
      custom_id: {
        _errors: [{ code: "COMPONENT_UNKNOWN", message: "The message has no component with this custom id" }],
      },
    });
  if (component.disabled)
    throw Errors.invalidForm({
      custom_id: { _errors: [{ code: "COMPONENT_DISABLED", message: "This component is disabled" }] },
    });
  assertStorableText(rawValues ?? []);
  const parsed = zValues.safeParse(rawValues);
  const errors = new CommandFieldErrors();
  if (!parsed.success) {
    errors.addZod(["values"], parsed.error);
    errors.throwIfAny();
  }
  const values = parsed.data ?? [];
  if (component.type === ComponentType.Button) {
    if (values.length > 0) errors.add(["values"], "COMPONENT_VALUES_INVALID", "A button takes no values");
    errors.throwIfAny();
    return { custom_id: customId, component_type: ComponentType.Button };
  }
  const min = component.min_values ?? 1;
  const max = component.max_values ?? 1;
  if (values.length < min || values.length > max)
    errors.add(["values"], "BASE_TYPE_BAD_LENGTH", `Must be between ${min} and ${max} in length.`);
  if (new Set(values).size !== values.length)
    errors.add(["values"], "COMPONENT_VALUES_DUPLICATED", "Values must be distinct");
  errors.throwIfAny();
  const resolver = new ResolvedEntities(ctx, access);
  const unknownAt = await unknownValues(component, values, resolver);
  for (const index of unknownAt)
    errors.add(["values", index], "COMPONENT_VALUE_INVALID", "Not one of this select's choices");
  errors.throwIfAny();
  const resolved: APIInteractionDataResolved | undefined =
    component.type === ComponentType.StringSelect ? undefined : (resolver.result() ?? {});
  return {
    custom_id: customId,
    component_type: component.type,
    values,
    ...(resolved ? { resolved } : {}),
  } as APIMessageComponentInteractionData;
}

/** The indexes of `values` the select does not offer (to this person). */
async function unknownValues(
  component: UsableComponent,
  values: string[],
  resolver: ResolvedEntities,
): Promise<number[]> {
  if (component.type === ComponentType.StringSelect) {
    const offered = new Set((component.options ?? []).map((o) => o.value));
    return values.flatMap((value, index) => (offered.has(value) ? [] : [index]));
  }
  const ids = values.map((value) => parseId(value));
  const valid = ids.filter((id): id is bigint => id !== null);
  let found: Set<bigint>;
  if (component.type === ComponentType.UserSelect) found = await resolver.members(valid);
  else if (component.type === ComponentType.RoleSelect) found = await resolver.roles(valid);
  else if (component.type === ComponentType.ChannelSelect)
    found = await resolver.channels(valid, component.channel_types);
  else found = new Set([...(await resolver.members(valid)), ...(await resolver.roles(valid))]);
  return ids.flatMap((id, index) => (id !== null && found.has(id) ? [] : [index]));
}

/**
 * Buttons and selects of a message (spec: Component records) as the web app renders them.
 * Pure functions of the wire's `components`: anything not an action row holding buttons or a
 * select (a layout component, a text input) is left out rather than guessed at. A link button's
 * address passes the same http/https filter as embeds: stored rows may predate the send-time check.
 */

import { httpUrl } from "./http-url";

/** A button's or option's emoji: a custom one has an id (shown by its name), a standard one is its character. */
export interface ComponentEmojiView {
  id: string | null;
  name: string | null;
  animated: boolean;
}

export type ButtonStyleView = 1 | 2 | 3 | 4 | 5;

export interface ButtonView {
  kind: "button";
  /** 1 primary, 2 secondary, 3 success, 4 danger, 5 link. */
  style: ButtonStyleView;
  label: string | null;
  emoji: ComponentEmojiView | null;
  /** Null for a link button. */
  customId: string | null;
  /** A link button's address (http or https); null for any other scheme, and the button is then disabled. */
  url: string | null;
  disabled: boolean;
}

export type SelectKind = "string" | "user" | "role" | "mentionable" | "channel";

export interface SelectOptionView {
  label: string;
  value: string;
  description: string | null;
  emoji: ComponentEmojiView | null;
  default: boolean;
}

export interface SelectView {
  kind: "select";
  selectKind: SelectKind;
  customId: string;
  placeholder: string | null;
  minValues: number;
  maxValues: number;
  disabled: boolean;
  /** A string select's options; empty for the others (their choices are the guild's users, roles, channels). */
  options: SelectOptionView[];
  /** A channel select's allowed channel types (empty: any). */
  channelTypes: number[];
  /** Preselected users, roles or channels of an auto-populated select. */
  defaultValues: { id: string; type: "user" | "role" | "channel" }[];
}

export interface ComponentRowView {
  components: (ButtonView | SelectView)[];
}

const SELECT_KINDS: Record<number, SelectKind> = { 3: "string", 5: "user", 6: "role", 7: "mentionable", 8: "channel" };

type Loose = Record<string, unknown>;

const text = (value: unknown): string | null => (typeof value === "string" && value.length > 0 ? value : null);
const isObject = (value: unknown): value is Loose =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function emojiView(emoji: unknown): ComponentEmojiView | null {
  if (!isObject(emoji)) return null;
  const id = text(emoji.id);
  const name = text(emoji.name);
  if (!id && !name) return null;
  return { id, name, animated: emoji.animated === true };
}

function buttonView(c: Loose): ButtonView | null {
  const style = c.style;
  if (style !== 1 && style !== 2 && style !== 3 && style !== 4 && style !== 5) return null;
  const url = style === 5 ? httpUrl(c.url) : null;
  return {
    kind: "button",
    style,
    label: text(c.label),
    emoji: emojiView(c.emoji),
    customId: style === 5 ? null : text(c.custom_id),
    url,
    disabled: c.disabled === true || (style === 5 && url === null),
  };
}

function selectView(c: Loose, selectKind: SelectKind): SelectView | null {
  const customId = text(c.custom_id);
  if (!customId) return null;
  const options = Array.isArray(c.options) ? c.options.filter(isObject) : [];
  const defaults = Array.isArray(c.default_values) ? c.default_values.filter(isObject) : [];
  return {
    kind: "select",
    selectKind,
    customId,
    placeholder: text(c.placeholder),
    minValues: typeof c.min_values === "number" ? c.min_values : 1,
    maxValues: typeof c.max_values === "number" ? c.max_values : 1,
    disabled: c.disabled === true,
    options:
      selectKind === "string"
        ? options.map((o) => ({
            label: String(o.label ?? ""),
            value: String(o.value ?? ""),
            description: text(o.description),
            emoji: emojiView(o.emoji),
            default: o.default === true,
          }))
        : [],
    channelTypes: Array.isArray(c.channel_types)
      ? c.channel_types.filter((t): t is number => typeof t === "number")
      : [],
    defaultValues: defaults
      .filter((d) => typeof d.id === "string" && (d.type === "user" || d.type === "role" || d.type === "channel"))
      .map((d) => ({ id: d.id as string, type: d.type as "user" | "role" | "channel" })),
  };
}

function componentView(c: unknown): ButtonView | SelectView | null {
  if (!isObject(c)) return null;
  if (c.type === 2) return buttonView(c);
  const selectKind = SELECT_KINDS[c.type as number];
  return selectKind ? selectView(c, selectKind) : null;
}

/** A message's action rows, each with its buttons or its select. */
export function componentRowsView(components: readonly unknown[] | undefined): ComponentRowView[] {
  const rows: ComponentRowView[] = [];
  for (const row of components ?? []) {
    if (!isObject(row) || row.type !== 1 || !Array.isArray(row.components)) continue;
    const shown = row.components.map(componentView).filter((c): c is ButtonView | SelectView => c !== null);
    if (shown.length > 0) rows.push({ components: shown });
  }
  return rows;
}

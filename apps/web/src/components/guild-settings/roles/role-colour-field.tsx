"use client";

import { useEffect, useId, useState } from "react";
import { CheckIcon } from "@/components/ui/icons";
import { hexOf, parseHex } from "./role-draft";

/** The reference platform's role colours: a light row and a dark row. "Default" (no colour) is apart. */
const SWATCHES: readonly { name: string; color: number }[] = [
  { name: "Teal", color: 0x1abc9c },
  { name: "Green", color: 0x2ecc71 },
  { name: "Blue", color: 0x3498db },
  { name: "Purple", color: 0x9b59b6 },
  { name: "Pink", color: 0xe91e63 },
  { name: "Yellow", color: 0xf1c40f },
  { name: "Orange", color: 0xe67e22 },
  { name: "Red", color: 0xe74c3c },
  { name: "Grey", color: 0x95a5a6 },
  { name: "Slate", color: 0x607d8b },
  { name: "Dark teal", color: 0x11806a },
  { name: "Dark green", color: 0x1f8b4c },
  { name: "Dark blue", color: 0x206694 },
  { name: "Dark purple", color: 0x71368a },
  { name: "Dark pink", color: 0xad1457 },
  { name: "Dark yellow", color: 0xc27c0e },
  { name: "Dark orange", color: 0xa84300 },
  { name: "Dark red", color: 0x992d22 },
  { name: "Dark grey", color: 0x979c9f },
  { name: "Dark slate", color: 0x546e7a },
];

const HEX_HINT = "# and six hex digits, e.g. #3498db.";

/**
 * A role's colour: a preset swatch, any colour from the system picker, or typed as hex. Members
 * holding the role show it as a dot beside their name and in mentions.
 */
export function RoleColourField({
  color,
  disabled,
  onChange,
}: {
  color: number;
  disabled: boolean;
  onChange(color: number): void;
}) {
  const hexId = useId();
  const [hexText, setHexText] = useState(hexOf(color));
  const [hexError, setHexError] = useState<string | null>(null);

  // The colour changed elsewhere (a swatch, the picker, a reset, someone else's save): show it.
  useEffect(() => {
    setHexText((text) => (parseHex(text) === color ? text : hexOf(color)));
    setHexError(null);
  }, [color]);

  return (
    <fieldset className="flex flex-col gap-2" disabled={disabled}>
      <legend className="text-xs font-semibold uppercase tracking-wide text-muted">Role colour</legend>
      <div className="flex items-start gap-3">
        <Swatch
          label="Default (no colour)"
          color={0}
          chosen={color === 0}
          onPick={onChange}
          className="size-[3.75rem] shrink-0"
        />
        <div className="grid max-w-[22rem] flex-1 grid-cols-10 gap-1.5">
          {SWATCHES.map((swatch) => (
            <Swatch
              key={swatch.name}
              label={`${swatch.name} ${hexOf(swatch.color)}`}
              color={swatch.color}
              chosen={swatch.color === color}
              onPick={onChange}
              className="aspect-square w-full"
            />
          ))}
        </div>
      </div>
      <div className="flex items-end gap-2">
        <label className="flex flex-col gap-1.5 text-xs font-semibold uppercase tracking-wide text-muted">
          Any colour
          <input
            type="color"
            value={hexOf(color)}
            onChange={(event) => onChange(parseHex(event.target.value) ?? color)}
            className="h-10 w-14 cursor-pointer rounded-md border border-line bg-field p-1 disabled:cursor-not-allowed disabled:opacity-50"
          />
        </label>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={hexId} className="text-xs font-semibold uppercase tracking-wide text-muted">
            Hex colour
          </label>
          <input
            id={hexId}
            value={hexText}
            maxLength={7}
            spellCheck={false}
            aria-invalid={hexError ? true : undefined}
            aria-describedby={`${hexId}-hint`}
            onChange={(event) => {
              const text = event.target.value;
              setHexText(text);
              const parsed = parseHex(text);
              setHexError(parsed === null ? `Write a colour as ${HEX_HINT}` : null);
              if (parsed !== null) onChange(parsed);
            }}
            className={`h-10 w-32 rounded-md border bg-field px-3 font-mono text-[15px] text-text focus:outline-none focus-visible:outline-2 focus-visible:outline-accent disabled:opacity-60 ${hexError ? "border-danger" : "border-line"}`}
          />
        </div>
      </div>
      <p
        id={`${hexId}-hint`}
        className={`text-xs ${hexError ? "text-danger-text" : "text-muted"}`}
        role={hexError ? "alert" : undefined}
      >
        {hexError ?? `Type a colour as ${HEX_HINT}`}
      </p>
    </fieldset>
  );
}

function Swatch({
  label,
  color,
  chosen,
  onPick,
  className,
}: {
  label: string;
  color: number;
  chosen: boolean;
  onPick(color: number): void;
  className: string;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={chosen}
      onClick={() => onPick(color)}
      className={`grid place-items-center rounded-md ring-1 ring-white/10 disabled:cursor-not-allowed disabled:opacity-50 aria-pressed:ring-2 aria-pressed:ring-white ${className}`}
      style={{ backgroundColor: color ? hexOf(color) : "var(--color-role-default)" }}
    >
      {chosen ? <CheckIcon width={16} height={16} className="text-white drop-shadow" /> : null}
    </button>
  );
}

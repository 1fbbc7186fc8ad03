"use client";

import type { CommandOptionView } from "@chat/api/views";
import type { ReactNode } from "react";
import { AutocompleteInput } from "./autocomplete-input";
import { EntityPicker } from "./entity-picker";
import { FilePicker } from "./file-picker";
import type { OptionInput } from "./option-values";

const FIELD =
  "h-10 w-full rounded-md border bg-field px-3 text-[15px] text-text placeholder:text-faint focus:outline-none focus-visible:outline-2 focus-visible:outline-accent";

/** What the person may put in, said before they try: limits, lengths, how many choices. */
export function optionHint(option: CommandOptionView): string | null {
  const range = (min: number | null, max: number | null, unit = "") =>
    min !== null && max !== null
      ? `${min}–${max}${unit}`
      : min !== null
        ? `at least ${min}${unit}`
        : max !== null
          ? `at most ${max}${unit}`
          : null;
  if (option.choices.length > 0) return null;
  if (option.type === 4) return ["A whole number", range(option.minValue, option.maxValue)].filter(Boolean).join(", ");
  if (option.type === 10) return ["A number", range(option.minValue, option.maxValue)].filter(Boolean).join(", ");
  if (option.type === 3) {
    const length = range(option.minLength, option.maxLength, " characters");
    return length ? `${length[0]?.toUpperCase()}${length.slice(1)}` : null;
  }
  return null;
}

interface FieldProps {
  id: string;
  option: CommandOptionView;
  value: OptionInput | undefined;
  error: string | undefined;
  onChange(value: OptionInput | undefined): void;
  /** For an option marked `autocomplete`: asks the application for choices for what is typed. */
  requestChoices?: (typed: string) => Promise<string>;
}

/** One option of a command, with the picker its type calls for, its description, limits and what is wrong with it. */
export function OptionField(props: FieldProps) {
  const { id, option, error } = props;
  const hint = optionHint(option);
  const describedBy = [`${id}-description`, hint ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(" ");
  const grouped = option.choices.length > 0 || option.type === 5;
  const label = (
    <>
      {option.name}
      {option.required ? (
        <span className="ml-1 text-danger-text" aria-hidden="true">
          *
        </span>
      ) : (
        <span className="ml-1.5 text-[11px] font-normal normal-case tracking-normal text-muted">optional</span>
      )}
    </>
  );
  const labelClass = "text-xs font-semibold uppercase tracking-wide text-muted";
  return (
    <div className="flex min-w-0 flex-col gap-1" data-testid={`option-${option.name}`}>
      {grouped ? (
        <span id={`${id}-label`} className={labelClass}>
          {label}
        </span>
      ) : (
        <label htmlFor={id} className={labelClass}>
          {label}
        </label>
      )}
      <p id={`${id}-description`} className="text-xs text-muted">
        {option.description}
      </p>
      <FieldInput {...props} describedBy={describedBy} />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-xs text-danger-text">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function FieldInput({
  id,
  option,
  value,
  error,
  onChange,
  requestChoices,
  describedBy,
}: FieldProps & { describedBy: string }) {
  const common = {
    id,
    "aria-describedby": describedBy,
    "aria-invalid": error ? true : undefined,
    "aria-required": option.required || undefined,
  };
  const text = typeof value === "string" ? value : "";
  if (option.autocomplete && requestChoices)
    return (
      <AutocompleteInput
        {...common}
        option={option}
        value={text}
        invalid={Boolean(error)}
        onChange={onChange}
        request={requestChoices}
      />
    );
  if (option.choices.length > 0) {
    return (
      <RadioChoices
        id={id}
        describedBy={describedBy}
        invalid={Boolean(error)}
        value={text}
        onChange={onChange}
        required={option.required}
      >
        {option.choices.map((c) => ({ value: String(c.value), label: c.name }))}
      </RadioChoices>
    );
  }
  switch (option.type) {
    case 5:
      return (
        <RadioChoices
          id={id}
          describedBy={describedBy}
          invalid={Boolean(error)}
          value={text}
          onChange={onChange}
          required={option.required}
        >
          {[
            { value: "true", label: "Yes" },
            { value: "false", label: "No" },
          ]}
        </RadioChoices>
      );
    case 4:
    case 10:
      return (
        <input
          {...common}
          type="text"
          inputMode={option.type === 4 ? "numeric" : "decimal"}
          autoComplete="off"
          value={text}
          onChange={(e) => onChange(e.target.value)}
          className={`${FIELD} ${error ? "border-danger" : "border-line"}`}
        />
      );
    case 6:
    case 7:
    case 8:
    case 9:
      return <EntityPicker {...common} option={option} value={text} invalid={Boolean(error)} onChange={onChange} />;
    case 11:
      return <FilePicker {...common} value={value instanceof File ? value : undefined} onChange={onChange} />;
    default: {
      const length = [...text].length;
      return (
        <div className="relative">
          <input
            {...common}
            type="text"
            autoComplete="off"
            value={text}
            onChange={(e) => onChange(e.target.value)}
            className={`${FIELD} ${option.maxLength !== null ? "pr-16" : ""} ${error ? "border-danger" : "border-line"}`}
          />
          {option.maxLength !== null ? (
            <span
              className={`pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-[11px] ${length > option.maxLength ? "text-danger-text" : "text-muted"}`}
              aria-hidden="true"
            >
              {length}/{option.maxLength}
            </span>
          ) : null}
        </div>
      );
    }
  }
}

/** Choices as a list of radio buttons (a choice picked again is unpicked, for optional options). */
function RadioChoices({
  id,
  describedBy,
  invalid,
  value,
  required,
  onChange,
  children,
}: {
  id: string;
  describedBy: string;
  invalid: boolean;
  value: string;
  required: boolean;
  onChange(value: string | undefined): void;
  children: { value: string; label: string }[];
}): ReactNode {
  return (
    <div
      role="radiogroup"
      id={id}
      aria-labelledby={`${id}-label`}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      aria-required={required || undefined}
      className="flex flex-wrap gap-1.5"
    >
      {children.map((choice) => {
        const checked = value === choice.value;
        return (
          <label
            key={choice.value}
            className={`flex min-h-9 cursor-pointer items-center gap-2 rounded-md border px-3 py-1.5 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent ${checked ? "border-accent bg-accent/20 text-white" : invalid ? "border-danger text-text" : "border-line text-text hover:bg-hover"}`}
          >
            <input
              type="radio"
              name={id}
              value={choice.value}
              checked={checked}
              onChange={() => onChange(choice.value)}
              onClick={() => {
                if (checked && !required) onChange(undefined);
              }}
              className="accent-accent"
            />
            {choice.label}
          </label>
        );
      })}
    </div>
  );
}

import { useId } from "react";

/**
 * An on/off setting: a checkbox shown as a switch, with its label and a line saying what it
 * does; `note` adds why it can't be changed (shown under the explanation).
 */
export function SettingSwitch({
  label,
  explanation,
  checked,
  disabled,
  note,
  onChange,
}: {
  label: string;
  explanation: string;
  checked: boolean;
  disabled: boolean;
  note?: string | null;
  onChange(checked: boolean): void;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3 py-3">
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className={`font-medium ${disabled ? "text-muted" : "text-white"}`}>
          {label}
        </label>
        <p id={`${id}-explanation`} className="mt-0.5 text-sm text-muted">
          {explanation}
        </p>
        {note ? (
          <p id={`${id}-note`} className="mt-0.5 text-xs text-warning-text">
            {note}
          </p>
        ) : null}
      </div>
      <span className="relative mt-1 inline-flex shrink-0">
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={checked}
          aria-checked={checked}
          disabled={disabled}
          aria-describedby={note ? `${id}-explanation ${id}-note` : `${id}-explanation`}
          onChange={(event) => onChange(event.target.checked)}
          className="peer h-6 w-10 cursor-pointer appearance-none rounded-full bg-switch-off transition-colors checked:bg-success focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:cursor-not-allowed disabled:opacity-50"
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute top-0.5 left-0.5 size-5 rounded-full bg-white transition-transform peer-checked:translate-x-4 peer-disabled:opacity-60"
        />
      </span>
    </div>
  );
}

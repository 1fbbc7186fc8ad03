"use client";

import { useId } from "react";
import { SELECT_CLASS } from "@/components/ui/select-class";

/** "Category": where a channel goes, or "No category" (value ""). */
export function CategorySelect({
  categories,
  value,
  disabled = false,
  onChange,
}: {
  categories: readonly { id: string; name: string }[];
  value: string;
  disabled?: boolean;
  onChange(value: string): void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-xs font-semibold uppercase tracking-wide text-muted">
        Category
      </label>
      <select
        id={id}
        className={`${SELECT_CLASS} max-w-sm`}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.currentTarget.value)}
      >
        <option value="">No category</option>
        {categories.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A settings list still loading: `rows` grey placeholders of `rowHeight`, announced as `label`. */
export function SectionLoading({
  label,
  rows = 3,
  rowHeight = "h-14",
}: {
  label: string;
  rows?: number;
  rowHeight?: string;
}) {
  return (
    <div role="status" aria-busy="true" aria-label={label} className="flex flex-col gap-2">
      {[0, 1, 2, 3, 4].slice(0, rows).map((n) => (
        <div key={n} className={`${rowHeight} animate-pulse rounded-lg bg-panel`} />
      ))}
    </div>
  );
}

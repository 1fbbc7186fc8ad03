import { Avatar } from "./avatar";

const SIZES = { xs: "size-5", sm: "size-8", md: "size-10", lg: "size-12", xl: "size-20" } as const;

/** An application's picture, or its initials when it has none; `decorative` when its name is written beside it. */
export function AppIcon({
  id,
  name,
  iconUrl,
  size = "md",
  decorative = false,
}: {
  id: string;
  name: string;
  iconUrl: string | null;
  size?: keyof typeof SIZES;
  decorative?: boolean;
}) {
  if (!iconUrl) return <Avatar id={id} name={name} size={size === "xl" ? "lg" : size} />;
  return (
    // biome-ignore lint/performance/noImgElement: a small picture served by this app; next/image would add nothing
    <img
      src={iconUrl}
      alt={decorative ? "" : name}
      data-testid="app-icon"
      className={`${SIZES[size]} shrink-0 rounded-full object-cover`}
    />
  );
}

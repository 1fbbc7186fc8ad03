import { avatarLetters, colorIndex } from "@/lib/format";

// Dark enough for white initials (4.5:1 and more).
const COLORS = ["bg-[#4a59d6]", "bg-[#1f7f4c]", "bg-[#a0650f]", "bg-[#c8363b]", "bg-[#9146b8]", "bg-[#1d7a91]", "bg-[#b8456f]"];

/** A round picture stand-in: initials on a colour picked from the id. */
export function Avatar({ id, name, size = "md" }: { id: string; name: string; size?: "xs" | "sm" | "md" | "lg" }) {
  const sizing = size === "xs" ? "size-5 text-[9px]" : size === "sm" ? "size-8 text-xs" : size === "lg" ? "size-12 text-base" : "size-10 text-sm";
  return (
    <span aria-hidden="true" className={`inline-grid shrink-0 select-none place-items-center rounded-full font-semibold text-white ${sizing} ${COLORS[colorIndex(id, COLORS.length)]}`}>
      {avatarLetters(name)}
    </span>
  );
}

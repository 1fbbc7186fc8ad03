import { avatarLetters, colorIndex } from "@/lib/format";

const COLORS = ["bg-[#5b6cf0]", "bg-[#2ea866]", "bg-[#e6a23c]", "bg-[#e0474c]", "bg-[#b35fd8]", "bg-[#2b9bb8]", "bg-[#d8608f]"];

/** A round picture stand-in: initials on a colour picked from the id. */
export function Avatar({ id, name, size = "md" }: { id: string; name: string; size?: "sm" | "md" | "lg" }) {
  const sizing = size === "sm" ? "size-8 text-xs" : size === "lg" ? "size-12 text-base" : "size-10 text-sm";
  return (
    <span aria-hidden="true" className={`inline-grid shrink-0 select-none place-items-center rounded-full font-semibold text-white ${sizing} ${COLORS[colorIndex(id, COLORS.length)]}`}>
      {avatarLetters(name)}
    </span>
  );
}

/** Colours of mention pills that stay readable (WCAG AA, 4.5:1) whatever colour a role has. */

const CHAT_BACKGROUND = 0x2e3036;

type Rgb = [number, number, number];

const rgb = (color: number): Rgb => [(color >> 16) & 0xff, (color >> 8) & 0xff, color & 0xff];
const hex = ([r, g, b]: Rgb): string =>
  `#${((1 << 24) | (Math.round(r) << 16) | (Math.round(g) << 8) | Math.round(b)).toString(16).slice(1)}`;
const mix = (a: Rgb, b: Rgb, amount: number): Rgb => [
  a[0] + (b[0] - a[0]) * amount,
  a[1] + (b[1] - a[1]) * amount,
  a[2] + (b[2] - a[2]) * amount,
];

function luminance([r, g, b]: Rgb): number {
  const channel = (v: number) => {
    const s = Math.round(v) / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrast(a: string, b: string): number {
  const parse = (h: string) => rgb(Number.parseInt(h.slice(1), 16));
  const [l1, l2] = [luminance(parse(a)), luminance(parse(b))].sort((x, y) => y - x) as [number, number];
  return (l1 + 0.05) / (l2 + 0.05);
}

/**
 * A role's pill: its colour tints the background (a solid colour, so checkers can measure it) and
 * colours the text, lightened toward white until it reads on that background. A role without a
 * colour (0) looks like a user's mention.
 */
export function rolePillColours(color: number): { text: string; background: string } {
  if (color === 0) return { text: "#c9cdfb", background: "#3c426e" };
  const base = rgb(color);
  const background = mix(rgb(CHAT_BACKGROUND), base, 0.22);
  const backgroundHex = hex(background);
  for (let amount = 0; amount <= 1; amount += 0.05) {
    const text = hex(mix(base, [255, 255, 255], amount));
    if (contrast(text, backgroundHex) >= 4.6) return { text, background: backgroundHex };
  }
  return { text: "#ffffff", background: backgroundHex };
}

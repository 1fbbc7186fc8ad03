import { z } from "zod";
import { checkUrl, LINK_SCHEMES, PICTURE_SCHEMES } from "./urls";

const text = (max: number) => z.string().max(max, `Must be ${max} or fewer in length.`);
/** A URL of an embed: http or https; pictures may also be `attachment://<filename>`. */
const zUrl = (schemes: readonly string[]) =>
  z
    .string()
    .max(2048)
    .superRefine((value, ctx) => checkUrl(ctx, [], value, schemes));
const link = zUrl(LINK_SCHEMES);
const picture = zUrl(PICTURE_SCHEMES);
/** `image` and `thumbnail`: only the `url` is the sender's (size and proxy_url are not taken as sent). */
const media = z.object({ url: z.string().min(1).pipe(picture) });

/** One embed with the spec's per-field limits (title 256, description 4096, 25 fields). */
export const zEmbed = z
  .object({
    title: text(256).optional().nullable(),
    type: z.literal("rich").optional(),
    description: text(4096).optional().nullable(),
    url: link.optional().nullable(),
    timestamp: z.string().datetime({ offset: true }).optional().nullable(),
    color: z.number().int().min(0).max(0xffffff).optional().nullable(),
    footer: z
      .object({ text: text(2048), icon_url: picture.optional() })
      .optional()
      .nullable(),
    image: media.optional().nullable(),
    thumbnail: media.optional().nullable(),
    author: z
      .object({ name: text(256), url: link.optional(), icon_url: picture.optional() })
      .optional()
      .nullable(),
    fields: z
      .array(z.object({ name: text(256).min(1), value: text(1024).min(1), inline: z.boolean().optional() }))
      .max(25, "Must be 25 or fewer in length.")
      .optional()
      .nullable(),
  })
  .strip();

export type EmbedInput = z.output<typeof zEmbed>;

/** Characters counted against the 6000 limit across all embeds of a message. */
export function embedCharacters(embeds: EmbedInput[]): number {
  let total = 0;
  for (const e of embeds) {
    total +=
      (e.title?.length ?? 0) +
      (e.description?.length ?? 0) +
      (e.footer?.text.length ?? 0) +
      (e.author?.name.length ?? 0);
    for (const f of e.fields ?? []) total += f.name.length + f.value.length;
  }
  return total;
}

export const zEmbeds = z
  .array(zEmbed)
  .max(10, "Must be 10 or fewer in length.")
  .refine((embeds) => embedCharacters(embeds) <= 6000, "Embed size exceeds maximum size of 6000");

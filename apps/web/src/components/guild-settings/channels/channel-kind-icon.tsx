import type { ChannelKind } from "@chat/api";
import { FolderIcon, HashIcon, SpeakerIcon } from "@/components/ui/icons";

/** A channel's kind at a glance: # text, a speaker for voice, a folder for a category. */
export function ChannelKindIcon({ kind }: { kind: ChannelKind }) {
  const Icon = kind === "voice" ? SpeakerIcon : kind === "category" ? FolderIcon : HashIcon;
  return <Icon width={18} height={18} className="shrink-0 text-faint" />;
}

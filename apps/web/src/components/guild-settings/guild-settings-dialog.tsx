"use client";

import type { GuildView } from "@chat/api";
import { useId, useState } from "react";
import { CloseIcon } from "@/components/ui/icons";
import { useModalDialog } from "@/components/ui/use-modal-dialog";
import { GUILD_SETTINGS_SECTIONS } from "./sections";
import type { GuildSettingsSectionProps } from "./shared/section-props";

/**
 * "Guild settings": a full-screen dialog with the sections listed beside the open one (above
 * it on phones). Escape or the close button leave it; the section last open stays chosen.
 */
export function GuildSettingsDialog({
  open,
  onClose,
  ...sectionProps
}: GuildSettingsSectionProps & { open: boolean; onClose(): void }) {
  const dialogProps = useModalDialog(open, onClose);
  const titleId = useId();
  const headingId = useId();
  const [sectionId, setSectionId] = useState(GUILD_SETTINGS_SECTIONS[0]?.id);
  const section = GUILD_SETTINGS_SECTIONS.find((s) => s.id === sectionId) ?? GUILD_SETTINGS_SECTIONS[0];
  const guild: GuildView = sectionProps.guild;

  return (
    <dialog
      {...dialogProps}
      aria-labelledby={titleId}
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-chat p-0 text-text backdrop:bg-black/60"
    >
      {open && section ? (
        <div className="flex h-full flex-col md:flex-row">
          <div className="shrink-0 border-b border-black/25 bg-panel md:flex md:w-64 md:justify-end md:border-r md:border-b-0 lg:w-80">
            <div className="flex flex-col gap-3 px-3 pt-4 pb-2 md:w-56 md:pt-14">
              <div className="px-2 pr-12 md:pr-2">
                <h2 id={titleId} className="text-xs font-bold uppercase tracking-wide text-muted">
                  Guild settings
                </h2>
                <p className="mt-0.5 truncate font-semibold text-white" data-testid="guild-settings-guild">
                  {guild.name}
                </p>
              </div>
              <nav aria-label="Guild settings sections">
                <ul className="flex gap-1 overflow-x-auto md:flex-col">
                  {GUILD_SETTINGS_SECTIONS.map((s) => {
                    const current = s.id === section.id;
                    return (
                      <li key={s.id} className="shrink-0">
                        <button
                          type="button"
                          aria-current={current ? "page" : undefined}
                          onClick={() => setSectionId(s.id)}
                          className={`w-full rounded-md px-2.5 py-1.5 text-left text-[15px] ${current ? "bg-hover font-medium text-white" : "text-muted hover:bg-hover/60 hover:text-text"}`}
                        >
                          {s.label}
                        </button>
                      </li>
                    );
                  })}
                </ul>
              </nav>
            </div>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">
            <section aria-labelledby={headingId} className="mx-auto w-full max-w-2xl px-4 py-6 md:px-10 md:py-14">
              <h3 id={headingId} className="mb-5 text-xl font-bold text-white">
                {section.label}
              </h3>
              <section.Content {...sectionProps} />
            </section>
          </div>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close settings"
            className="absolute top-3 right-3 grid size-9 place-items-center rounded-full border border-line text-muted hover:bg-hover hover:text-text md:top-12 md:right-8"
          >
            <CloseIcon width={18} height={18} />
          </button>
        </div>
      ) : null}
    </dialog>
  );
}

"use client";

import { useRef } from "react";
import { UsersIcon } from "@/components/ui/icons";
import { MemberList } from "./member-list";

/**
 * Below the width where the member list sits beside the chat: a header button that slides it
 * in from the right as a modal sheet (Escape, the backdrop or the close button take it away).
 */
export function MemberSheet({ guildId }: { guildId: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  return (
    <>
      <button
        type="button"
        aria-label="Show members"
        title="Members"
        onClick={() => dialog.current?.showModal()}
        className="grid size-9 shrink-0 place-items-center rounded-md text-muted hover:bg-hover hover:text-text lg:hidden"
      >
        <UsersIcon width={20} height={20} />
      </button>
      <dialog
        ref={dialog}
        aria-label="Members"
        onClick={(e) => {
          if (e.target === e.currentTarget) dialog.current?.close();
        }}
        onKeyDown={(e) => e.stopPropagation()}
        className="fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-[min(300px,85vw)] bg-panel p-0 text-text shadow-2xl backdrop:bg-black/60 lg:hidden"
      >
        <div className="flex h-full flex-col">
          <div className="flex h-12 shrink-0 items-center justify-between border-b border-black/25 px-4">
            <h2 className="font-semibold text-white">Members</h2>
            <button
              type="button"
              onClick={() => dialog.current?.close()}
              aria-label="Close members"
              className="grid size-8 place-items-center rounded-md text-muted hover:bg-hover hover:text-text"
            >
              <svg
                width="18"
                height="18"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                aria-hidden="true"
              >
                <path d="M6 6l12 12M18 6 6 18" />
              </svg>
            </button>
          </div>
          <div className="min-h-0 flex-1">
            <MemberList guildId={guildId} sheet />
          </div>
        </div>
      </dialog>
    </>
  );
}

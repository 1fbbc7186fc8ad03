"use client";

import type { CommandGroupView } from "@chat/api/views";
import {
  type ClipboardEvent,
  type FormEvent,
  type KeyboardEvent,
  type RefObject,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from "react";
import { SendIcon } from "@/components/ui/icons";
import type { SlashEntry } from "../commands/command-entries";
import { CommandForm } from "../commands/command-form";
import { CommandPicker, entryOptionId } from "../commands/command-picker";
import type { OptionErrors, OptionInputs } from "../commands/option-values";
import { useCommandPicker } from "../commands/use-command-picker";
import { channelLabel } from "../dms/channel-label";
import type { ComposerAttachment } from "../messages/composer-attachment";
import { AttachButton } from "./attach-button";
import { AutocompletePopup, suggestionOptionId } from "./autocomplete-popup";
import { toMentionMarkup } from "./mention-markup";
import { useMentionSources } from "./mention-sources";
import { UploadTray } from "./upload-tray";
import { useAutoGrow } from "./use-auto-grow";
import { useAutocomplete } from "./use-autocomplete";
import { useDraft } from "./use-draft";
import { useEmojiAutocomplete } from "./use-emoji-autocomplete";
import { useFileDrop } from "./use-file-drop";
import { useUploads } from "./use-uploads";

const MAX_LENGTH = 2000;
/** While someone keeps typing, others are told again this often (their indicator lasts 10 s). */
const TYPING_EVERY_MS = 8_000;

/** The slash commands the composer offers, and how a filled one is sent (answering the problems to show, or null). */
export interface ComposerCommands {
  /** Null while loading. */
  groups: CommandGroupView[] | null;
  send(entry: SlashEntry, inputs: OptionInputs): Promise<OptionErrors | null>;
  /** The picker opened: commands may have changed since they were loaded. */
  refresh?(): void;
}

/**
 * The message box: Enter sends, Shift+Enter adds a line; typing tells the channel (`onTyping`,
 * at most every 8 s). A `/` at the start opens the command picker; a picked command's options
 * are filled in a form in its place. `@` and `#` suggest members and channels (sent as
 * mentions); files come by the button, a drop on the channel or a paste, and are uploaded with
 * progress when the message is sent. The unsent text is kept per channel.
 */
export function Composer({
  channelId,
  guildId = null,
  channelName,
  disabled = false,
  onSend,
  onTyping,
  commands,
  onEditLast,
  ref,
}: {
  channelId: string;
  guildId?: string | null;
  channelName: string;
  disabled?: boolean;
  onSend(content: string, attachments?: ComposerAttachment[]): void;
  onTyping?(): void;
  commands?: ComposerCommands;
  /** ArrowUp in the empty box: edit the person's last message (answers whether there was one). */
  onEditLast?(): boolean;
  ref?: RefObject<HTMLTextAreaElement | null>;
}) {
  const [value, setValue] = useState("");
  const [caret, setCaret] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const ownBox = useRef<HTMLTextAreaElement>(null);
  const box = ref ?? ownBox;
  const mentions = useMentionSources(guildId, channelId);
  const sources = useMemo(() => [...mentions.sources], [mentions.sources]);
  const autocomplete = useAutocomplete(value, caret, sources, replaceText);
  const uploads = useUploads(channelId);
  const addFiles = uploads.add;
  const dragging = useFileDrop(
    formRef,
    useCallback((files: FileList) => void addFiles(files), [addFiles]),
    !disabled,
  );
  useDraft(channelId, value, setValue);
  useAutoGrow(box, value);
  const [picked, setPicked] = useState<SlashEntry | null>(null);
  const lastTyping = useRef(0);
  const listId = useId();
  const helpId = useId();
  const picker = useCommandPicker(commands ? value : "", commands?.groups ?? null, pick);
  const emoji = useEmojiAutocomplete(value, (next) => change(next, next.length), box);

  const pickerShown = picker.open && !disabled;
  const refresh = commands?.refresh;
  useEffect(() => {
    if (pickerShown) refresh?.();
  }, [pickerShown, refresh]);

  function pick(entry: SlashEntry) {
    setPicked(entry);
    setValue("");
  }

  // Back from a command's form, the message box (a new element) takes the focus once it is there.
  const focusBack = useRef(false);
  function backToMessage() {
    focusBack.current = true;
    setPicked(null);
  }
  useEffect(() => {
    if (picked || !focusBack.current) return;
    focusBack.current = false;
    ref?.current?.focus();
  }, [picked, ref]);

  function replaceText(next: string, at: number) {
    setValue(next);
    setCaret(at);
    requestAnimationFrame(() => box.current?.setSelectionRange(at, at));
  }

  function change(next: string, at: number) {
    setValue(next);
    setCaret(at);
    const now = Date.now();
    if (next.trim() && onTyping && now - lastTyping.current > TYPING_EVERY_MS) {
      lastTyping.current = now;
      onTyping();
    }
  }
  // Counted as sent: a picked `@name` goes out as the longer `<@id>`.
  const markup = useMemo(
    () => toMentionMarkup(value, mentions.members, mentions.channels),
    [value, mentions.members, mentions.channels],
  );
  const tooLong = markup.length > MAX_LENGTH;
  const hasFiles = uploads.files.length > 0;
  const canSend =
    (value.trim().length > 0 || hasFiles) && !tooLong && !disabled && !uploads.problem && !uploads.uploading;

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!canSend) return;
    const content = markup;
    if (hasFiles) {
      const attachments = await uploads.uploadAll();
      if (!attachments) return;
      onSend(content, attachments);
      uploads.clear();
    } else {
      onSend(content);
    }
    setValue("");
    lastTyping.current = 0;
  }

  function onPaste(event: ClipboardEvent<HTMLTextAreaElement>) {
    // Text copied from a document may carry a picture of itself too: the text is what was meant.
    if (event.clipboardData.files.length === 0 || event.clipboardData.getData("text/plain")) return;
    event.preventDefault();
    uploads.add(event.clipboardData.files);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (picker.onKeyDown(event)) return;
    if (autocomplete.onKeyDown(event)) return;
    if (emoji.onKeyDown(event)) return;
    if (
      event.key === "ArrowUp" &&
      value === "" &&
      !event.shiftKey &&
      !event.altKey &&
      !event.ctrlKey &&
      !event.metaKey &&
      onEditLast?.()
    ) {
      event.preventDefault();
      return;
    }
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  }

  if (picked && commands) {
    return (
      <CommandForm
        key={picked.key}
        entry={picked}
        onCancel={backToMessage}
        onSend={async (inputs) => {
          const refused = await commands.send(picked, inputs);
          if (!refused) backToMessage();
          return refused;
        }}
      />
    );
  }

  const pickerOpen = pickerShown;
  const suggesting = autocomplete.open && !pickerOpen && !disabled;
  return (
    <form
      ref={formRef}
      onSubmit={submit}
      className="relative px-4 pb-6"
      aria-label={`Send a message to ${channelLabel(channelName)}`}
    >
      {pickerOpen ? <CommandPicker id={listId} picker={picker} onPick={pick} /> : null}
      {suggesting ? <AutocompletePopup id={listId} state={autocomplete} /> : null}
      {emoji.element}
      <div
        className={`rounded-lg bg-raised focus-within:ring-2 ${tooLong || uploads.problem ? "ring-2 ring-danger" : dragging ? "ring-2 ring-accent" : "focus-within:ring-accent/70"}`}
      >
        <UploadTray
          files={uploads.files}
          uploading={uploads.uploading}
          problem={uploads.problem}
          onDescribe={uploads.describe}
          onRemove={uploads.remove}
          onCancel={uploads.cancel}
        />
        {dragging ? (
          <p className="px-4 pt-2 text-sm font-semibold text-white" role="status">
            Drop to attach to #{channelName}
          </p>
        ) : null}
        <div className="flex items-end gap-2 px-2 sm:px-3">
          <AttachButton disabled={disabled || uploads.uploading} onFiles={uploads.add} />
          <textarea
            ref={box}
            value={value}
            onChange={(e) => change(e.target.value, e.target.selectionStart)}
            onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
            onKeyDown={onKeyDown}
            onPaste={onPaste}
            rows={1}
            readOnly={uploads.uploading}
            disabled={disabled}
            placeholder={`Message ${channelLabel(channelName)}`}
            aria-label={`Message ${channelLabel(channelName)}`}
            aria-describedby={helpId}
            aria-autocomplete="list"
            aria-controls={(pickerOpen && picker.groups) || suggesting ? listId : undefined}
            aria-activedescendant={
              pickerOpen && picker.active
                ? entryOptionId(listId, picker.active)
                : suggesting && autocomplete.active
                  ? suggestionOptionId(listId, autocomplete.active.key)
                  : undefined
            }
            {...emoji.inputProps}
            className="scroll-thin max-h-[50vh] min-h-[44px] min-w-0 flex-1 resize-none overflow-y-auto bg-transparent py-[11px] text-[15px] leading-[22px] text-text placeholder:text-faint focus:outline-none"
          />
          <button
            type="submit"
            disabled={!canSend}
            aria-label="Send message"
            className="mb-1.5 grid size-8 shrink-0 place-items-center rounded-md text-muted transition-colors hover:text-text enabled:hover:bg-hover disabled:opacity-40"
          >
            <SendIcon width={18} height={18} />
          </button>
        </div>
      </div>
      <p id={helpId} className="mt-1 flex justify-between px-1 text-[11px] text-faint">
        <span>
          <kbd className="font-sans font-semibold">Enter</kbd> to send ·{" "}
          <kbd className="font-sans font-semibold">Shift + Enter</kbd> for a new line
          {commands?.groups?.some((g) => g.commands.some((c) => c.type === 1)) ? (
            <>
              {" "}
              · <kbd className="font-sans font-semibold">/</kbd> for commands
            </>
          ) : null}
        </span>
        {markup.length > MAX_LENGTH - 200 ? (
          <span className={tooLong ? "text-danger" : ""}>{MAX_LENGTH - markup.length}</span>
        ) : null}
      </p>
    </form>
  );
}

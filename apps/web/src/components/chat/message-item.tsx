import { Avatar } from "@/components/ui/avatar";
import { BotBadge } from "@/components/ui/bot-badge";
import type { MessageView } from "@chat/api";
import { formatMessageTime, formatShortTime } from "@/lib/format";
import { MessageAttachments } from "./message-attachments";
import type { DisplayMessage } from "./use-channel-messages";

/** One message; `grouped` continues the previous author's run without repeating the header. */
export function MessageItem({
  message,
  grouped,
  onRetry,
  onDiscard,
  onRefresh,
}: {
  message: DisplayMessage;
  grouped: boolean;
  onRetry(id: string): void;
  onDiscard(id: string): void;
  onRefresh(id: string): Promise<MessageView | null>;
}) {
  const time = <time dateTime={message.createdAt} title={new Date(message.createdAt).toLocaleString()}>{grouped ? formatShortTime(message.createdAt) : formatMessageTime(message.createdAt)}</time>;
  return (
    <li
      data-testid="message"
      data-message-id={message.id}
      aria-busy={message.sendState === "pending" || undefined}
      className={`group relative flex gap-4 px-4 hover:bg-black/[0.06] ${grouped ? "py-0.5" : "mt-[17px] py-0.5"}`}
    >
      {grouped ? (
        <span className="invisible absolute top-0.5 left-0 w-[72px] whitespace-nowrap text-center text-[11px] leading-[22px] text-faint group-hover:visible group-focus-within:visible">
          {time}
        </span>
      ) : null}
      <div className="w-10 shrink-0">
        {grouped ? null : (
          <div className="pt-0.5">
            <Avatar id={message.author.id} name={message.author.displayName} />
          </div>
        )}
      </div>
      <div className="min-w-0 flex-1">
        {grouped ? null : (
          <div className="flex items-center gap-2 leading-[22px]">
            <span className="font-semibold text-white" data-testid="message-author">
              {message.author.displayName}
            </span>
            {message.author.bot ? <BotBadge /> : null}
            <span className="text-xs text-faint">{time}</span>
          </div>
        )}
        <p
          data-testid="message-content"
          className={`whitespace-pre-wrap break-words text-[15px] leading-[22px] ${message.sendState === "pending" ? "text-muted" : message.sendState === "failed" ? "text-danger" : "text-text"}`}
        >
          {message.content}
          {message.editedAt ? (
            <time dateTime={message.editedAt} title={`Edited ${new Date(message.editedAt).toLocaleString()}`} className="ml-1 text-[11px] text-faint" data-testid="message-edited">
              (edited)
            </time>
          ) : null}
        </p>
        <MessageAttachments attachments={message.attachments} onStale={() => onRefresh(message.id)} />
        {message.sendState === "failed" ? (
          <p className="mt-0.5 text-xs text-danger">
            {message.sendError ?? "Not sent."}{" "}
            <button type="button" className="font-medium underline hover:no-underline" onClick={() => onRetry(message.id)}>
              Retry
            </button>{" "}
            ·{" "}
            <button type="button" className="font-medium underline hover:no-underline" onClick={() => onDiscard(message.id)}>
              Discard
            </button>
          </p>
        ) : null}
      </div>
    </li>
  );
}

import type { MessageView } from "@chat/api";
import { BotBadge } from "@/components/ui/bot-badge";
import { formatMessageTime, formatShortTime } from "@/lib/format";
import { useLongPress } from "@/lib/use-long-press";
import { MessageAttachments } from "../attachments/message-attachments";
import { useAppsMenu } from "../commands/apps-menu";
import { useChatActions } from "../commands/chat-actions";
import { messageAbilities } from "../message-actions/message-abilities";
import { useMessageActions } from "../message-actions/message-actions-context";
import { MessageEditor } from "../message-actions/message-editor";
import { messageMenuItems } from "../message-actions/message-menu-items";
import { MessageToolbar } from "../message-actions/message-toolbar";
import { MessageComponents } from "../message-components/message-components";
import { EphemeralNote, InteractionHeader, ThinkingText } from "../messages/interaction-parts";
import type { DisplayMessage } from "../messages/use-channel-messages";
import { AuthorAvatar } from "../people/author-avatar";
import { useShowProfile } from "../people/profile-card-context";
import { ReactionChips } from "../reactions/reaction-chips";
import { ReplyQuote } from "../replies/reply-quote";
import { EmbedCard } from "../rich/embed-card";
import { mentionsMe } from "../rich/mentions-me";
import { useRichDirectory } from "../rich/rich-directory";
import { RichText } from "../rich/rich-text";
import { SocialToolbarButtons, socialMenuItems } from "../social/social-actions";
import { useSocial } from "../social/social-context";
import { SocialProblem } from "../social/social-problem";
import { ThreadChip } from "../threads/thread-chip";
import { useThreadMenuItems } from "../threads/use-thread-menu-items";

/** One message; `grouped` continues the previous author's run without repeating the header. */
export function MessageItem({
  message,
  grouped,
  onRetry,
  onDiscard,
  onRefresh,
  onDismiss,
}: {
  message: DisplayMessage;
  grouped: boolean;
  onRetry(id: string): void;
  onDiscard(id: string): void;
  onRefresh(id: string): Promise<MessageView | null>;
  /** An ephemeral message's Dismiss. */
  onDismiss?(id: string): void;
}) {
  const sent = !message.sendState;
  const directory = useRichDirectory();
  const mentioned = sent && mentionsMe(message, directory.meId, directory.myRoleIds);
  const actions = useMessageActions();
  const social = useSocial();
  const { canEdit, canDelete } = actions
    ? messageAbilities(message, actions.meId, social?.abilities.manageMessages === true)
    : { canEdit: false, canDelete: false };
  const editing = canEdit && actions?.editingId === message.id;
  const problem = actions?.problem?.id === message.id ? actions.problem.text : null;
  const threadItems = useThreadMenuItems(message);
  const socialItems = socialMenuItems(message, social);
  const menuable = sent && !message.ephemeral;
  const messageMenu = useAppsMenu(
    "message",
    message.id,
    "Message actions",
    menuable ? [...messageMenuItems(message, { canEdit, canDelete, actions }), ...socialItems, ...threadItems] : [],
  );
  // On a touch screen a long press opens the same menu as a right-click.
  const longPress = useLongPress(messageMenu.openAt);
  const authorMenu = useAppsMenu("user", message.author.id, `Actions for ${message.author.displayName}`);
  const showProfile = useShowProfile();
  const guildId = useChatActions()?.guildId ?? null;
  const time = (
    <time dateTime={message.createdAt} title={new Date(message.createdAt).toLocaleString()}>
      {grouped ? formatShortTime(message.createdAt) : formatMessageTime(message.createdAt)}
    </time>
  );
  return (
    <li
      data-testid="message"
      data-message-id={message.id}
      aria-busy={message.sendState === "pending" || undefined}
      data-mentions-me={mentioned || undefined}
      {...(menuable ? longPress.handlers : {})}
      onContextMenu={
        menuable ? (event) => longPress.claimsContextMenu(event) || messageMenu.onContextMenu(event) : undefined
      }
      className={`group relative flex flex-wrap gap-x-4 pr-4 ${editing ? "" : "[-webkit-touch-callout:none] [@media(hover:none)]:select-none"} ${mentioned ? "bg-mention-row hover:bg-mention-row-hover" : "hover:bg-black/[0.06]"} transition-colors data-[highlighted=true]:bg-accent/20 ${message.ephemeral ? "border-l-2 border-accent pl-[14px]" : mentioned ? "border-l-2 border-warning pl-[14px]" : "pl-4"} ${grouped ? "py-0.5" : "mt-[17px] py-0.5"}`}
    >
      {message.interaction && !grouped ? (
        <div className="w-full">
          <InteractionHeader interaction={message.interaction} />
        </div>
      ) : null}
      <ReplyQuote message={message} />
      {grouped ? (
        <span className="invisible absolute top-0.5 left-0 w-[72px] whitespace-nowrap text-center text-[11px] leading-[22px] text-faint group-hover:visible group-focus-within:visible">
          {time}
        </span>
      ) : null}
      <div className="w-10 shrink-0">
        {grouped ? null : (
          <div className="pt-0.5">
            <AuthorAvatar message={message} guildId={guildId} />
          </div>
        )}
      </div>
      <div className="min-w-0 flex-1">
        {grouped ? null : (
          <div className="flex items-center gap-2 leading-[22px]">
            {showProfile && sent ? (
              <button
                type="button"
                data-testid="message-author"
                aria-haspopup="dialog"
                onClick={(e) => showProfile({ user: message.author, guildId: guildId, anchor: e.currentTarget })}
                onContextMenu={authorMenu.available ? authorMenu.onContextMenu : undefined}
                className="font-semibold text-white hover:underline"
              >
                {message.author.displayName}
              </button>
            ) : authorMenu.available && sent ? (
              <button
                type="button"
                data-testid="message-author"
                aria-haspopup="menu"
                aria-expanded={authorMenu.open}
                onClick={(e) => authorMenu.openFrom(e.currentTarget)}
                onContextMenu={authorMenu.onContextMenu}
                className="font-semibold text-white hover:underline"
              >
                {message.author.displayName}
              </button>
            ) : (
              <span className="font-semibold text-white" data-testid="message-author">
                {message.author.displayName}
              </span>
            )}
            {message.author.bot ? <BotBadge /> : null}
            <span className="text-xs text-faint">{time}</span>
          </div>
        )}
        <div
          data-testid="message-content"
          className={`whitespace-pre-wrap break-words text-[15px] leading-[22px] ${message.sendState === "pending" ? "text-muted" : message.sendState === "failed" ? "text-danger-text" : "text-text"}`}
        >
          {editing ? (
            <MessageEditor message={message} />
          ) : message.loading ? (
            <ThinkingText message={message} />
          ) : (
            <RichText source={message.content} mentions={message.mentions} />
          )}
          {message.editedAt && !editing ? (
            <time
              dateTime={message.editedAt}
              title={`Edited ${new Date(message.editedAt).toLocaleString()}`}
              className="ml-1 text-[11px] text-faint"
              data-testid="message-edited"
            >
              (edited)
            </time>
          ) : null}
        </div>
        {message.embeds.map((embed, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a message's embeds, in order
          <EmbedCard key={i} embed={embed} mentions={message.mentions} />
        ))}
        <MessageAttachments attachments={message.attachments} onStale={() => onRefresh(message.id)} />
        <MessageComponents message={message} />
        {sent ? <ThreadChip messageId={message.id} /> : null}
        <ReactionChips message={message} />
        <SocialProblem messageId={message.id} />
        {message.ephemeral && onDismiss ? <EphemeralNote onDismiss={() => onDismiss(message.id)} /> : null}
        {problem ? (
          <p role="alert" className="mt-0.5 text-xs text-danger">
            {problem}{" "}
            <button type="button" className="font-medium underline hover:no-underline" onClick={actions?.clearProblem}>
              Dismiss
            </button>
          </p>
        ) : null}
        {message.sendState === "failed" ? (
          <p className="mt-0.5 text-xs text-danger-text">
            {message.sendError ?? "Not sent."}{" "}
            <button
              type="button"
              className="font-medium underline hover:no-underline"
              onClick={() => onRetry(message.id)}
            >
              Retry
            </button>{" "}
            ·{" "}
            <button
              type="button"
              className="font-medium underline hover:no-underline"
              onClick={() => onDiscard(message.id)}
            >
              Discard
            </button>
          </p>
        ) : null}
      </div>
      {messageMenu.available && menuable && !editing ? (
        <MessageToolbar
          canEdit={canEdit && !editing}
          canDelete={canDelete}
          menuOpen={messageMenu.open}
          onEdit={() => actions?.startEdit(message.id)}
          onDelete={(event) => actions?.requestDelete(message, event.shiftKey)}
          onMore={messageMenu.openFrom}
        >
          <SocialToolbarButtons message={message} />
        </MessageToolbar>
      ) : null}
      {messageMenu.element}
      {authorMenu.element}
    </li>
  );
}

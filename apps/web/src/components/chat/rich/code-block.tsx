import { useMemo } from "react";
import { type CodeToken, highlightCode } from "./highlight";

/** Fenced code: coloured by token (each token a span with an `hljs-*` class), its text always text. */
export function CodeBlock({ code, lang }: { code: string; lang: string | null }) {
  const tokens = useMemo(() => highlightCode(code, lang), [code, lang]);
  return (
    <pre
      className="scroll-thin my-1 max-w-full overflow-x-auto rounded border border-line bg-field p-2 font-mono text-[13px] leading-[18px] whitespace-pre"
      data-testid="code-block"
      data-lang={lang ?? undefined}
    >
      <code>{tokens ? <Tokens tokens={tokens} /> : code}</code>
    </pre>
  );
}

function Tokens({ tokens }: { tokens: CodeToken[] }) {
  return (
    <>
      {tokens.map((token, i) =>
        typeof token === "string" ? (
          token
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: tokens of one highlight, in order
          <span key={i} className={token.scope ? `hljs-${token.scope.split(".")[0]}` : undefined}>
            <Tokens tokens={token.children} />
          </span>
        ),
      )}
    </>
  );
}

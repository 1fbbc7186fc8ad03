"use client";

import { useSocial } from "./social-context";

/** A refused reaction or pin, under its message. */
export function SocialProblem({ messageId }: { messageId: string }) {
  const social = useSocial();
  if (!social?.problem || social.problem.messageId !== messageId) return null;
  return (
    <p role="alert" className="mt-0.5 text-xs text-danger-text">
      {social.problem.text}{" "}
      <button type="button" className="font-medium underline hover:no-underline" onClick={social.clearProblem}>
        Dismiss
      </button>
    </p>
  );
}

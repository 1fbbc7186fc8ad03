import type { Metadata } from "next";
import { BotAuthorize } from "@/components/oauth2/bot-authorize";
import { ConsentError } from "@/components/oauth2/consent-card";
import { LoginAuthorize } from "@/components/oauth2/login-authorize";
import { authorizePath, parseAuthorizeRequest } from "@/lib/authorize-request";
import { requireSessionUser } from "@/server/auth";

export const metadata: Metadata = { title: "Authorise" };

type Query = Record<string, string | string[] | undefined>;

/**
 * /oauth2/authorize. Scope `bot` adds the application's bot to a guild (signed in first);
 * anything else is the login flow (scope identify): the link is checked first, so a mistake
 * goes back to the website and an unknown client or redirect is shown here, then the person
 * signs in if needed (coming back to this same address) and is asked.
 */
export default async function AuthorizePage({ searchParams }: { searchParams: Promise<Query> }) {
  const query = await searchParams;
  const request = parseAuthorizeRequest(query);
  if (request.kind === "login") return <LoginAuthorize query={request.query} returnTo={authorizePath(query)} />;
  const me = await requireSessionUser(authorizePath(query));
  if (request.kind === "invalid") return <ConsentError title="This link doesn’t work" message={request.reason} />;
  return <BotAuthorize request={request} me={me} />;
}

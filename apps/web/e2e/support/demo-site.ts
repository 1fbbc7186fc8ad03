import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import * as oidc from "openid-client";

/**
 * A small website that lets people "log in with Chat", built the way a developer would:
 * openid-client 6 (authorization code + PKCE S256 + state), credentials in the form body.
 * Every page is plain HTML with test ids: the person's username and picture URL once logged in.
 */
export interface DemoSite {
  origin: string;
  callbackUrl: string;
  /** Points the site at an application once it exists. */
  configure(clientId: string, clientSecret: string): void;
  close(): Promise<void>;
}

interface Visit {
  state?: string;
  verifier?: string;
  accessToken?: string;
  user?: { username: string; avatar_url: string | null; id: string };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(res: http.ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8", ...headers });
  res.end(
    `<!doctype html><html><head><title>Demo Site</title></head><body style="font-family:sans-serif;padding:2rem"><h1>Demo Site</h1>${body}</body></html>`,
  );
}

export async function startDemoSite(options: { webUrl: string; apiUrl: string }): Promise<DemoSite> {
  const visits = new Map<string, Visit>();
  let config: oidc.Configuration | null = null;
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const callbackUrl = `${origin}/callback`;

  server.on("request", async (req, res) => {
    const url = new URL(req.url ?? "/", origin);
    const sid =
      /(?:^|;\s*)sid=([A-Za-z0-9_-]+)/.exec(req.headers.cookie ?? "")?.[1] ?? randomBytes(12).toString("base64url");
    const visit = visits.get(sid) ?? {};
    visits.set(sid, visit);
    const cookie = { "set-cookie": `sid=${sid}; Path=/; HttpOnly; SameSite=Lax` };
    try {
      if (!config) return page(res, 503, "<p>Not configured yet.</p>");
      if (url.pathname === "/") {
        if (!visit.user) return page(res, 200, `<a href="/login">Log in with Chat</a>`, cookie);
        return page(
          res,
          200,
          `<p>Logged in as <strong data-testid="username">${escapeHtml(visit.user.username)}</strong> (id <span data-testid="user-id">${visit.user.id}</span>)</p>` +
            `<p>Picture: <code data-testid="avatar-url">${escapeHtml(visit.user.avatar_url ?? "none")}</code></p>`,
          cookie,
        );
      }
      if (url.pathname === "/login") {
        visit.state = oidc.randomState();
        visit.verifier = oidc.randomPKCECodeVerifier();
        const params: Record<string, string> = {
          redirect_uri: callbackUrl,
          scope: "identify",
          state: visit.state,
          code_challenge: await oidc.calculatePKCECodeChallenge(visit.verifier),
          code_challenge_method: "S256",
        };
        if (url.searchParams.get("prompt") === "none") params.prompt = "none";
        return page(res, 302, "", { ...cookie, location: oidc.buildAuthorizationUrl(config, params).toString() });
      }
      if (url.pathname === "/callback") {
        const error = url.searchParams.get("error");
        if (error) {
          const stateOk = url.searchParams.get("state") === visit.state;
          return page(
            res,
            200,
            `<p>Login failed: <strong data-testid="login-error">${escapeHtml(error)}</strong> (state ${stateOk ? "matches" : "does not match"})</p>`,
            cookie,
          );
        }
        const tokens = await oidc.authorizationCodeGrant(config, url, {
          pkceCodeVerifier: visit.verifier,
          expectedState: visit.state,
        });
        const me = await oidc.fetchProtectedResource(
          config,
          tokens.access_token,
          new URL(`${options.apiUrl}/users/@me`),
          "GET",
        );
        visit.accessToken = tokens.access_token;
        visit.user = (await me.json()) as Visit["user"];
        return page(res, 302, "", { ...cookie, location: "/" });
      }
      if (url.pathname === "/me") {
        // Asks the identity endpoint again with the stored token (is the login still valid?).
        const me = await fetch(`${options.apiUrl}/users/@me`, {
          headers: { authorization: `Bearer ${visit.accessToken}` },
        });
        return page(
          res,
          200,
          `<p>Identity endpoint: <strong data-testid="identity-status">${me.status}</strong></p>`,
          cookie,
        );
      }
      page(res, 404, "<p>Not found</p>");
    } catch (error) {
      page(res, 500, `<p>Error: <span data-testid="site-error">${escapeHtml(String(error))}</span></p>`);
    }
  });

  return {
    origin,
    callbackUrl,
    configure(clientId, clientSecret) {
      const metadata = {
        issuer: options.webUrl,
        authorization_endpoint: `${options.webUrl}/oauth2/authorize`,
        token_endpoint: `${options.apiUrl}/oauth2/token`,
      };
      config = new oidc.Configuration(metadata, clientId, undefined, oidc.ClientSecretPost(clientSecret));
      oidc.allowInsecureRequests(config); // plain http on the loopback test network
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

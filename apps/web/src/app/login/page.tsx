import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth/auth-card";
import { LoginForm } from "@/components/auth/login-form";
import { safeReturnPath } from "@/lib/return-path";
import { getSessionUser } from "@/server/auth";

export const metadata: Metadata = { title: "Log in" };

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const callbackUrl = safeReturnPath(params.callbackUrl);
  if (await getSessionUser()) redirect(callbackUrl);
  const notice = callbackUrl.startsWith("/oauth2/") ? "Log in to continue to the authorization page." : undefined;
  return (
    <AuthCard
      title="Welcome back!"
      subtitle="Log in with your username and password."
      footer={
        <>
          Need an account?{" "}
          <Link
            className="font-medium text-link hover:underline"
            href={`/register?callbackUrl=${encodeURIComponent(callbackUrl)}`}
          >
            Sign up
          </Link>
        </>
      }
    >
      <LoginForm callbackUrl={callbackUrl} notice={notice} />
    </AuthCard>
  );
}

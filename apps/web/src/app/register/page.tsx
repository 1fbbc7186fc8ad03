import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth/auth-card";
import { RegisterForm } from "@/components/auth/register-form";
import { safeReturnPath } from "@/lib/return-path";
import { getSessionUser } from "@/server/auth";

export const metadata: Metadata = { title: "Sign up" };

export default async function RegisterPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const callbackUrl = safeReturnPath(params.callbackUrl);
  if (await getSessionUser()) redirect(callbackUrl);
  return (
    <AuthCard
      title="Create an account"
      subtitle="Just a username and a password."
      footer={
        <>
          Already have an account?{" "}
          <Link
            className="font-medium text-link hover:underline"
            href={`/login?callbackUrl=${encodeURIComponent(callbackUrl)}`}
          >
            Log in
          </Link>
        </>
      }
    >
      <RegisterForm callbackUrl={callbackUrl} />
    </AuthCard>
  );
}

import NextAuth from "next-auth";
import { getAuthOptions } from "@/server/auth";

export const dynamic = "force-dynamic";

/** next-auth's endpoints (sign in, sign out, session, CSRF), options built at run time. */
async function handler(request: Request, context: { params: Promise<{ nextauth: string[] }> }): Promise<Response> {
  return NextAuth(getAuthOptions())(request, context);
}

export { handler as GET, handler as POST };

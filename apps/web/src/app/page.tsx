import { redirect } from "next/navigation";
import { getSessionUser } from "@/server/auth";

/** The front door: the chat for a signed-in person, the login page otherwise. */
export default async function HomePage() {
  const user = await getSessionUser();
  redirect(user ? "/channels" : "/login");
}

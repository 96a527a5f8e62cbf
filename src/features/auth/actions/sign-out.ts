"use server";
import { signOut as authSignOut } from "@/server/auth";

export async function signOut() {
  await authSignOut({ redirectTo: "/sign-in" });
}

"use server";
import { signOut as authSignOut } from "@/server/auth";

export async function signOutAction() {
  await authSignOut({ redirectTo: "/sign-in" });
}

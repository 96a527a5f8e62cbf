"use server";
import { authedAction } from "@/server/action-client";
import { AcceptInvitationInput } from "../schemas";
import { acceptInvitation } from "../server/accept-invitation";

export const acceptInvitationAction = authedAction(AcceptInvitationInput, (input, { user }) => acceptInvitation(user, input.token));

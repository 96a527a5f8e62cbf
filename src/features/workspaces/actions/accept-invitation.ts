"use server";
import { authedAction } from "@/server/action-client";
import { AcceptInvitationInput } from "../schemas";
import { acceptInvitation as accept } from "../server/accept-invitation";

export const acceptInvitation = authedAction(AcceptInvitationInput, (input, { user }) => accept(user, input.token));

import { Arg, Ctx, Mutation, Resolver } from "type-graphql";
import type { AuthUser } from "../../platform/auth/roles";
import { Allow, Caller } from "../../platform/graphql/auth";
import type { Context } from "../../platform/graphql/context";
import { AuthPayload } from "../auth";

@Resolver()
export class RecoveryResolver {
  @Mutation(() => Boolean, {
    description:
      "Forgot password: mails a 6-digit reset code when an account has this e-mail. Answers true either way (3 codes an hour per e-mail).",
  })
  async requestPasswordReset(
    @Arg("email", () => String, { description: "The account's e-mail address." }) email: string,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    await ctx.services.recovery.requestReset({ email }, ctx.ip);
    return true;
  }

  @Mutation(() => AuthPayload, {
    description: "Sets a new password with the mailed code (15 minutes, 5 tries, once). Signs out every device and signs in afresh.",
  })
  resetPassword(
    @Arg("email", () => String, { description: "The account's e-mail address." }) email: string,
    @Arg("code", () => String, { description: "The 6-digit code from the e-mail." }) code: string,
    @Arg("newPassword", () => String, { description: "The new password, at least 8 characters." }) newPassword: string,
    @Ctx() ctx: Context,
  ): Promise<AuthPayload> {
    return ctx.services.recovery.resetPassword({ email, code, newPassword });
  }

  @Allow()
  @Mutation(() => AuthPayload, {
    description: "Changes the caller's password given the current one. Signs out every other device; use the returned token from now on.",
  })
  changePassword(
    @Arg("currentPassword", () => String, { description: "The password in use now." }) currentPassword: string,
    @Arg("newPassword", () => String, { description: "The new password, at least 8 characters." }) newPassword: string,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<AuthPayload> {
    return ctx.services.recovery.changePassword(caller, { currentPassword, newPassword });
  }
}

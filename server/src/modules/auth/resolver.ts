import { Arg, Ctx, Mutation, Query, Resolver } from "type-graphql";
import { Allow, Caller } from "../../platform/graphql/auth";
import { bearerToken, type Context } from "../../platform/graphql/context";
import { User } from "../users";
import { type AuthUser } from "../../platform/auth/roles";
import { RegisterInput, AuthPayload } from "./types";

@Resolver()
export class AuthResolver {
  @Mutation(() => User, { description: "Creates a buyer or seller account. Sign in afterwards with `login`." })
  register(
    @Arg("input", () => RegisterInput, { description: "The new account." }) input: RegisterInput,
    @Ctx() ctx: Context,
  ): Promise<User> {
    return ctx.services.auth.register(input, ctx.ip);
  }

  @Mutation(() => AuthPayload, { description: "Signs in with e-mail and password. Repeated failures are rate-limited." })
  login(
    @Arg("email", () => String, { description: "E-mail address, any case." }) email: string,
    @Arg("password", () => String, { description: "The account's password." }) password: string,
    @Ctx() ctx: Context,
  ): Promise<AuthPayload> {
    return ctx.services.auth.login({ email, password }, ctx.ip);
  }

  @Allow()
  @Mutation(() => Boolean, { description: "Signs out everywhere: every token issued so far stops working." })
  async logout(@Caller() caller: AuthUser, @Ctx() ctx: Context): Promise<boolean> {
    await ctx.services.auth.logout(caller.id);
    return true;
  }

  @Query(() => String, {
    nullable: true,
    description:
      "Why the bearer token sent with this request no longer signs anyone in (account suspended with its reason, password changed, logged out on another device); null for a working, expired or unknown token.",
  })
  signedOutReason(@Ctx() ctx: Context): Promise<string | null> {
    return ctx.services.auth.signedOutReason(bearerToken(ctx.req));
  }

  @Allow()
  @Query(() => User, { description: "The signed-in user, read fresh (a changed role shows here at once)." })
  me(@Caller() caller: AuthUser, @Ctx() ctx: Context): Promise<User> {
    return ctx.services.auth.me(caller);
  }
}

import { Arg, Ctx, Field, InputType, Mutation, ObjectType, Query, Resolver } from "type-graphql";
import { Allow, Caller } from "../../platform/graphql/auth";
import { bearerToken, type Context } from "../../platform/graphql/context";
import { SellerType, User } from "../users";
import { Role, type AuthUser } from "../../platform/auth/roles";

@InputType({ description: "A new account. Sellers give a seller type; business sellers also a store name and description." })
class RegisterInput {
  @Field(() => String, { description: "E-mail address; must not be registered yet." })
  email: string;

  @Field(() => String, { description: "At least 8 characters." })
  password: string;

  @Field(() => String, { description: "3 to 40 letters, digits, '.', '_' or '-'; must not be taken." })
  username: string;

  @Field(() => String, { description: "Full name." })
  name: string;

  @Field(() => String, { description: "Phone number, e.g. 03001234567." })
  contactNumber: string;

  @Field(() => Role, { description: "USER (buyer) or SELLER; ADMIN cannot be chosen." })
  role: Role;

  @Field(() => SellerType, { nullable: true, description: "Required for sellers." })
  sellerType?: SellerType;

  @Field(() => String, { nullable: true, description: "Required for business sellers." })
  storeName?: string;

  @Field(() => String, { nullable: true, description: "Required for business sellers." })
  storeDescription?: string;
}

@ObjectType({ description: "A signed-in session: send the token as `Authorization: Bearer <token>`." })
export class AuthPayload {
  @Field(() => String, { description: "JWT for the Authorization header; it expires and is revoked by logout." })
  token: string;

  @Field(() => User, { description: "The signed-in user." })
  user: User;
}

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

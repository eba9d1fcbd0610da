import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from "type-graphql";
import { Allow, Caller } from "../../platform/graphql/auth";
import type { Context } from "../../platform/graphql/context";
import { absoluteImageUrl } from "../../platform/http/public-url";
import { User } from "./entity";
import { BecomeSellerInput, ProfileInput, UserPage } from "./types";
import { Role, type AuthUser } from "../../platform/auth/roles";

@Resolver()
export class UsersResolver {
  @Allow()
  @Mutation(() => User, { description: "Updates the caller's own username, contact number and profile picture." })
  updateProfile(
    @Arg("input", () => ProfileInput, { description: "The new profile values." }) input: ProfileInput,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<User> {
    return ctx.services.users.updateProfile(caller, input);
  }

  @Allow(Role.USER)
  @Mutation(() => User, {
    description:
      "A buyer starts selling: the caller becomes a seller with these seller fields, at once, without an admin. Only a buyer's account (not a suspended one); other role changes are admins' (changeUserRole).",
  })
  becomeSeller(
    @Arg("input", () => BecomeSellerInput, { description: "The seller's fields." }) input: BecomeSellerInput,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<User> {
    return ctx.services.users.becomeSeller(caller, input);
  }

  @Allow(Role.ADMIN)
  @Query(() => UserPage, { description: "Every account, newest first, for user management." })
  users(
    @Arg("search", () => String, { nullable: true, description: "Matches e-mail, username or name, in any case." }) search: string | null,
    @Arg("role", () => Role, { nullable: true, description: "Only users with this role." }) role: Role | null,
    @Arg("page", () => Int, { nullable: true, defaultValue: 1, description: "Page number, from 1." }) page: number | null,
    @Arg("pageSize", () => Int, { nullable: true, defaultValue: 10, description: "Users per page, at most 50." }) pageSize: number | null,
    @Ctx() ctx: Context,
  ): Promise<UserPage> {
    return ctx.services.users.list({ search, role, page, pageSize });
  }

  @Allow(Role.ADMIN)
  @Mutation(() => User, {
    description:
      "Sets another user's role; it applies from their next request. Not your own role, and not the last admin's. A new seller without a seller type becomes INDIVIDUAL.",
  })
  changeUserRole(
    @Arg("userId", () => ID, { description: "The user to change." }) userId: string,
    @Arg("role", () => Role, { description: "The new role." }) role: Role,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<User> {
    return ctx.services.users.changeRole(caller, userId, role);
  }

  @Allow(Role.ADMIN)
  @Mutation(() => Boolean, {
    description:
      "Deletes another user (not yourself, not the last admin): their products leave the catalog and their reviews are removed; orders stay for the other party.",
  })
  async deleteUser(
    @Arg("userId", () => ID, { description: "The user to delete." }) userId: string,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    await ctx.services.users.deleteUser(caller, userId);
    return true;
  }
}

@Resolver(() => User)
export class UserFieldsResolver {
  @FieldResolver(() => String, { nullable: true })
  profileImage(@Root() user: User, @Ctx() ctx: Context): string | null {
    return absoluteImageUrl(user.profileImage, ctx.publicBase);
  }
}

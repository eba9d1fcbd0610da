import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from "type-graphql";
import type { AuthUser } from "../../platform/auth/roles";
import { Allow, Caller } from "../../platform/graphql/auth";
import type { Context } from "../../platform/graphql/context";
import type { Page } from "../../platform/shared/pagination";
import { type ConversationView, ConversationObject } from "../conversations";
import { WantedPost } from "./entity";
import { MAX_OPEN_WANTED_POSTS } from "./service";
import { WantedPostInput, WantedPostPage } from "./types";

@Resolver(() => WantedPost)
export class WantedResolver {
  @Allow()
  @Query(() => WantedPostPage, { description: "The wanted board: open posts (not closed, not expired), newest first." })
  wantedPosts(
    @Arg("category", () => String, { nullable: true, description: "Only this category slug." }) category: string | null,
    @Arg("campus", () => String, { nullable: true, description: "Only this campus slug." }) campus: string | null,
    @Arg("search", () => String, { nullable: true, description: "Words in the title or details (at most 100 characters)." })
    search: string | null,
    @Arg("page", () => Int, { nullable: true, description: "Page number, from 1." }) page: number | null,
    @Arg("pageSize", () => Int, { nullable: true, description: "Posts per page (default 20, at most 50)." }) pageSize: number | null,
    @Ctx() ctx: Context,
  ): Promise<Page<WantedPost>> {
    return ctx.services.wanted.board({ category, campus, search, page: page ?? undefined, pageSize: pageSize ?? undefined });
  }

  @Allow()
  @Query(() => [WantedPost], { description: "The caller's own wanted posts, open, closed and expired, newest first." })
  myWantedPosts(@Caller() caller: AuthUser, @Ctx() ctx: Context): Promise<WantedPost[]> {
    return ctx.services.wanted.mine(caller);
  }

  @Allow()
  @Query(() => WantedPost, { description: "One wanted post: open ones for anyone signed in, closed or expired ones for their author." })
  wantedPost(
    @Arg("id", () => ID, { description: "The post." }) id: string,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<WantedPost> {
    return ctx.services.wanted.get(id, caller);
  }

  @Allow()
  @Mutation(() => WantedPost, { description: `Posts what the caller is looking for; at most ${MAX_OPEN_WANTED_POSTS} open at once.` })
  postWanted(
    @Arg("input", () => WantedPostInput, { description: "The post." }) input: WantedPostInput,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<WantedPost> {
    return ctx.services.wanted.post(input, caller);
  }

  @Allow()
  @Mutation(() => WantedPost, { description: "Closes the caller's wanted post (found it): it leaves the board and stops alerting." })
  closeWanted(
    @Arg("id", () => ID, { description: "The post." }) id: string,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<WantedPost> {
    return ctx.services.wanted.close(id, caller);
  }

  @Allow()
  @Mutation(() => Boolean, { description: "Deletes the caller's wanted post and the conversations about it." })
  async deleteWanted(
    @Arg("id", () => ID, { description: "The post." }) id: string,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    await ctx.services.wanted.remove(id, caller);
    return true;
  }

  @Allow()
  @Mutation(() => ConversationObject, {
    description: "A seller answers an open wanted post: opens their conversation with its author, or returns the one they already have.",
  })
  answerWanted(
    @Arg("id", () => ID, { description: "The post." }) id: string,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<ConversationView> {
    return ctx.services.wanted.answer(id, caller);
  }
}

import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from "type-graphql";
import { Role, type AuthUser } from "../../platform/auth/roles";
import { Allow, Caller } from "../../platform/graphql/auth";
import type { Context } from "../../platform/graphql/context";
import type { Page } from "../../platform/shared/pagination";
import { absoluteImageUrl } from "../../platform/http/public-url";
import { Product } from "../products";
import { ModerationActionKind, ReportReason } from "./entity";
import type { FlaggedAccountView } from "./flagged";
import type { HeldListingCaseView } from "./held";
import type { ModerationCaseView, ModerationLogView, ReportView, Warning as WarningView } from "./service";
import {
  DecideHeldListingInput,
  FlaggedAccountPage,
  HeldListingPage,
  ModerateInput,
  ModerationCasePage,
  ModerationLogEntry,
  ModerationLogPage,
  ReportObject,
  Warning,
} from "./types";

const paging = (page: number | null, pageSize: number | null) => ({ page: page ?? undefined, pageSize: pageSize ?? undefined });

@Resolver()
export class ModerationResolver {
  @Allow()
  @Mutation(() => ReportObject, { description: "Reports a listing to the admins (not one's own; one open report per listing)." })
  reportListing(
    @Arg("productId", () => ID, { description: "The listing." }) productId: string,
    @Arg("reason", () => ReportReason, { description: "Why, from the fixed list." }) reason: ReportReason,
    @Arg("details", () => String, { nullable: true, description: "More about it, at most 500 characters (required for OTHER)." })
    details: string | null,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<ReportView> {
    return ctx.services.moderation.reportListing({ productId, reason, details }, caller);
  }

  @Allow()
  @Mutation(() => ReportObject, { description: "Reports a user to the admins (not oneself; one open report per user)." })
  reportUser(
    @Arg("userId", () => ID, { description: "The user." }) userId: string,
    @Arg("reason", () => ReportReason, { description: "Why, from the fixed list." }) reason: ReportReason,
    @Arg("details", () => String, { nullable: true, description: "More about it, at most 500 characters (required for OTHER)." })
    details: string | null,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<ReportView> {
    return ctx.services.moderation.reportUser({ userId, reason, details }, caller);
  }

  @Allow(Role.ADMIN)
  @Query(() => ModerationCasePage, { description: "Reported listings and users with open reports, oldest report first." })
  moderationQueue(
    @Arg("page", () => Int, { nullable: true, defaultValue: 1, description: "Page number, from 1." }) page: number | null,
    @Arg("pageSize", () => Int, { nullable: true, defaultValue: 10, description: "Cases per page, 1 to 50." }) pageSize: number | null,
    @Ctx() ctx: Context,
  ): Promise<Page<ModerationCaseView>> {
    return ctx.services.moderation.queue(paging(page, pageSize));
  }

  @Allow(Role.ADMIN)
  @Query(() => FlaggedAccountPage, {
    description: "Accounts with 3 or more chat messages flagged by screening in the last 30 days, most flagged and reported first.",
  })
  flaggedAccounts(
    @Arg("page", () => Int, { nullable: true, defaultValue: 1, description: "Page number, from 1." }) page: number | null,
    @Arg("pageSize", () => Int, { nullable: true, defaultValue: 10, description: "Accounts per page, 1 to 50." }) pageSize: number | null,
    @Ctx() ctx: Context,
  ): Promise<Page<FlaggedAccountView>> {
    return ctx.services.moderation.flagged.flaggedAccounts(paging(page, pageSize));
  }

  @Allow(Role.ADMIN)
  @Query(() => HeldListingPage, {
    description:
      "Listings held for review (a photo matching another seller's listing), oldest first, each beside the listing it matches; decideHeldListing decides one.",
  })
  async heldListings(
    @Arg("page", () => Int, { nullable: true, defaultValue: 1, description: "Page number, from 1." }) page: number | null,
    @Arg("pageSize", () => Int, { nullable: true, defaultValue: 10, description: "Listings per page, 1 to 50." }) pageSize: number | null,
    @Ctx() ctx: Context,
  ): Promise<Page<HeldListingCaseView>> {
    const cases = await ctx.services.heldListings.heldListings(paging(page, pageSize));
    return { ...cases, items: cases.items.map((c) => ({ ...c, photo: absoluteImageUrl(c.photo, ctx.publicBase) })) };
  }

  @Allow(Role.ADMIN)
  @Mutation(() => Product, {
    description:
      "Decides a listing held for a copied photo: released (shown again) or kept hidden with a reason; the seller is told, and the audit trail has it.",
  })
  decideHeldListing(
    @Arg("input", () => DecideHeldListingInput, { description: "The listing, the decision and, to keep it hidden, why." })
    input: DecideHeldListingInput,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<Product> {
    return ctx.services.heldListings.decideHeld(input, caller);
  }

  @Allow(Role.ADMIN)
  @Query(() => ModerationLogPage, { description: "The moderation audit trail: every admin action, newest first." })
  moderationLog(
    @Arg("page", () => Int, { nullable: true, defaultValue: 1, description: "Page number, from 1." }) page: number | null,
    @Arg("pageSize", () => Int, { nullable: true, defaultValue: 20, description: "Actions per page, 1 to 50." }) pageSize: number | null,
    @Ctx() ctx: Context,
  ): Promise<Page<ModerationLogView>> {
    return ctx.services.moderation.log(paging(page, pageSize));
  }

  @Allow(Role.ADMIN)
  @Mutation(() => ModerationLogEntry, {
    description: "Acts on a listing or user (hide, warn, suspend, dismiss...), closing its open reports; written to the audit trail.",
  })
  moderate(
    @Arg("input", () => ModerateInput, { description: "Target, action and note." }) input: ModerateInput,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<ModerationLogView> {
    return ctx.services.moderation.moderate(input, caller);
  }

  @Allow(Role.ADMIN)
  @Mutation(() => Boolean, {
    description:
      "Closes a reported conversation: DISMISS, or WARN_USER / SUSPEND_USER on the party it was reported about (with the note, as moderate). Admins can no longer read it afterwards.",
  })
  moderateConversation(
    @Arg("conversationId", () => ID, { description: "The reported conversation." }) conversationId: string,
    @Arg("action", () => ModerationActionKind, { description: "DISMISS, WARN_USER or SUSPEND_USER." }) action: ModerationActionKind,
    @Arg("note", () => String, { nullable: true, description: "The warning or the suspension's reason (required for those)." })
    note: string | null,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    return ctx.services.moderation.moderateConversation({ conversationId, action, note }, caller);
  }

  @Allow()
  @Query(() => [Warning], { description: "Warnings moderators gave the caller, newest first (at most 10)." })
  myWarnings(@Caller() caller: AuthUser, @Ctx() ctx: Context): Promise<WarningView[]> {
    return ctx.services.moderation.warnings(caller);
  }
}

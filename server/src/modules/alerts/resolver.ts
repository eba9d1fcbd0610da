import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from "type-graphql";
import type { AuthUser } from "../../platform/auth/roles";
import { Allow, Caller } from "../../platform/graphql/auth";
import type { Context } from "../../platform/graphql/context";
import { ProductFilter } from "../products";
import { SavedSearch } from "./entity";
import { MAX_SAVED_SEARCHES, savedSearchName } from "./service";
import { SavedSearchSettings } from "./types";

@Resolver(() => SavedSearch)
export class SavedSearchesResolver {
  @Allow()
  @Query(() => [SavedSearch], { description: `The caller's saved searches, newest first (at most ${MAX_SAVED_SEARCHES}).` })
  savedSearches(@Caller() caller: AuthUser, @Ctx() ctx: Context): Promise<SavedSearch[]> {
    return ctx.services.savedSearches.list(caller);
  }

  @Allow()
  @Mutation(() => SavedSearch, {
    description: `Saves the shop's search text and filters (checked as the shop checks them), with its alert on unless \`alert\` is false; at most ${MAX_SAVED_SEARCHES} per user.`,
  })
  saveSearch(
    @Arg("filter", () => ProductFilter, { description: "The shop's current filters and search text." }) filter: ProductFilter,
    @Arg("alert", () => Boolean, { nullable: true, description: "Notify on new matching listings (default true)." }) alert: boolean | null,
    @Arg("emailDigest", () => Boolean, { nullable: true, description: "Also a morning e-mail of the day's matches (default false)." })
    emailDigest: boolean | null,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<SavedSearch> {
    return ctx.services.savedSearches.save({ filter, alert, emailDigest }, caller);
  }

  @Allow()
  @Mutation(() => SavedSearch, { description: "Switches the alert or the e-mail digest of one of the caller's saved searches." })
  updateSavedSearch(
    @Arg("id", () => ID, { description: "The saved search." }) id: string,
    @Arg("settings", () => SavedSearchSettings, { description: "The switches to change." }) settings: SavedSearchSettings,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<SavedSearch> {
    return ctx.services.savedSearches.update(id, settings, caller);
  }

  @Allow()
  @Mutation(() => Boolean, { description: "Deletes one of the caller's saved searches." })
  async deleteSavedSearch(
    @Arg("id", () => ID, { description: "The saved search." }) id: string,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    await ctx.services.savedSearches.remove(id, caller);
    return true;
  }

  @FieldResolver(() => String, { description: 'A name made of its filters, e.g. `"casio" · Books · up to Rs 3,000.00`.' })
  name(@Root() search: SavedSearch): string {
    return savedSearchName(search);
  }
}

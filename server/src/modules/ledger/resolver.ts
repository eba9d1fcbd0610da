import { Ctx, FieldResolver, Int, Query, Resolver, Root, Arg } from "type-graphql";
import type { AuthUser } from "../../platform/auth/roles";
import { Allow, Caller } from "../../platform/graphql/auth";
import type { Context } from "../../platform/graphql/context";
import type { Page } from "../../platform/shared/pagination";
import { formatOrderNumber } from "../../platform/shared/order-number";
import type { SellerBalance as Balance, SellerEntryView } from "./service";
import { BalanceEntry, BalanceEntryPage, SellerBalance } from "./types";

/** Any signed-in user may have a balance: a seller who became a buyer again keeps what they are owed. */
@Resolver()
export class LedgerResolver {
  @Allow()
  @Query(() => SellerBalance, { description: "The caller's pending and available balance." })
  myBalance(@Caller() caller: AuthUser, @Ctx() ctx: Context): Promise<Balance> {
    return ctx.services.ledger.sellerBalance(caller.id);
  }

  @Allow()
  @Query(() => BalanceEntryPage, { description: "Every ledger entry on the caller's held payments and balance, newest first." })
  myBalanceEntries(
    @Arg("page", () => Int, { nullable: true, defaultValue: 1, description: "Page number, from 1." }) page: number | null,
    @Arg("pageSize", () => Int, { nullable: true, defaultValue: 20, description: "Entries per page, 1 to 50." }) pageSize: number | null,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<Page<SellerEntryView>> {
    return ctx.services.ledger.sellerEntries(caller.id, { page, pageSize });
  }
}

@Resolver(() => BalanceEntry)
export class BalanceEntryFieldsResolver {
  @FieldResolver(() => String, { nullable: true, description: "The order's number, e.g. UB-000123." })
  orderLabel(@Root() entry: SellerEntryView): string | null {
    return entry.orderNumber == null ? null : formatOrderNumber(entry.orderNumber);
  }
}

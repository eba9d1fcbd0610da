import { Field, Float, ID, Int, ObjectType, registerEnumType } from "type-graphql";
import { SellerType } from "../users";
import type * as Stats from "./service";
import { SalesInterval } from "./service";

registerEnumType(SalesInterval, {
  name: "SalesInterval",
  description: "How a seller's sales are grouped.",
  valuesConfig: {
    DAY: { description: "The last 30 days, by day (Pakistan time)." },
    MONTH: { description: "The last 12 months, by calendar month (Pakistan time)." },
  },
});

@ObjectType({ description: "A buyer's dashboard figures, over their orders that were not rejected or cancelled." })
export class UserStats implements Stats.UserStats {
  @Field(() => Float, { description: "PKR: sum of the totals (with tax, after discount) of those orders." })
  totalPayments: number;

  @Field(() => Int, { description: "Reviews the user has written." })
  totalReviews: number;

  @Field(() => Int, { description: "Units bought in those orders (sum of line quantities)." })
  totalPurchasedProducts: number;
}

@ObjectType({ description: "A seller's dashboard figures. Accepted orders are CONFIRMED, PROCESSING, SHIPPED or COMPLETED." })
export class SellerStats implements Stats.SellerStats {
  @Field(() => Int, { description: "Units sold in accepted orders." })
  totalSales: number;

  @Field(() => Float, { description: "PKR: accepted orders' subtotal minus discount (tax excluded)." })
  totalRevenue: number;

  @Field(() => Int, { description: "All the seller's orders, in any status." })
  totalOrdersManaged: number;

  @Field(() => Int, { description: "The seller's products currently listed (deleted ones excluded)." })
  totalProducts: number;

  @Field(() => Int, { description: "Reviews written on the seller's products." })
  totalReviews: number;
}

@ObjectType({ description: "Earnings of one calendar month (Pakistan time)." })
export class MonthlyEarning implements Stats.MonthlyEarning {
  @Field(() => String, { description: "The month as YYYY-MM." })
  month: string;

  @Field(() => Float, { description: "PKR: totals of the accepted orders placed that month." })
  earnings: number;
}

@ObjectType({ description: "A seller's revenue over one day or one month (Pakistan time)." })
export class SalesPoint implements Stats.SalesPoint {
  @Field(() => String, { description: "The day as YYYY-MM-DD, or the month as YYYY-MM." })
  period: string;

  @Field(() => Float, {
    description: "PKR: subtotal minus discount of the seller's accepted orders placed then, as in SellerStats.totalRevenue.",
  })
  revenue: number;
}

@ObjectType({ description: "Marketplace totals for admins. Accepted orders are CONFIRMED, PROCESSING, SHIPPED or COMPLETED." })
export class AdminStats implements Stats.AdminStats {
  @Field(() => Int, { description: "Registered accounts, every role." })
  totalUsers: number;

  @Field(() => Int, { description: "Products currently listed." })
  totalProducts: number;

  @Field(() => Int, { description: "Orders in any status (one per seller per checkout)." })
  totalOrders: number;

  @Field(() => Int, { description: "Reviews on the marketplace." })
  totalReviews: number;

  @Field(() => Float, { description: "PKR: totals (with tax, after discount) of accepted orders." })
  totalEarnings: number;

  @Field(() => [MonthlyEarning], { description: "The last 12 months, oldest first, the current month last; months without sales show 0." })
  monthlyEarnings: MonthlyEarning[];
}

@ObjectType({ description: "One seller's revenue, for the admin dashboard." })
export class SellerRevenue implements Stats.SellerRevenue {
  @Field(() => ID, { description: "The seller's user id." })
  sellerId: string;

  @Field(() => String, { description: "The seller's username." })
  username: string;

  @Field(() => String, { description: "The seller's e-mail address." })
  email: string;

  @Field(() => String, { nullable: true, description: "The seller's phone number." })
  contactNumber: string | null;

  @Field(() => String, { nullable: true, description: "Store name (business sellers)." })
  storeName: string | null;

  @Field(() => SellerType, { nullable: true, description: "Business or individual." })
  sellerType: SellerType | null;

  @Field(() => Float, { description: "PKR: accepted orders' subtotal minus discount, as in SellerStats.totalRevenue." })
  totalRevenue: number;
}

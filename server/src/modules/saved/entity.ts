import { Field, ObjectType } from "type-graphql";
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from "typeorm";
import { MoneyField } from "../../platform/graphql/money";
import { Product } from "../products";

/** A listing a user saved (hearted), with its price at that moment. */
@ObjectType({ description: "A listing the caller saved; `notice` says when it got cheaper or sold since." })
@Entity({ name: "saved_items" })
@Index("saved_items_user_created_idx", ["userId", "createdAt"])
export class SavedItem {
  @PrimaryColumn({ type: "uuid" })
  userId: string;

  @Index("saved_items_product_idx")
  @PrimaryColumn({ type: "uuid" })
  productId: string;

  @Field(() => Product, { description: "The listing as it is now." })
  @ManyToOne(() => Product, { onDelete: "CASCADE" })
  @JoinColumn({ name: "productId" })
  product: Product;

  @MoneyField({ name: "savedPrice", description: "Price in PKR when it was saved." })
  @Column({ type: "int" })
  savedPricePaisa: number;

  @Field(() => Date, { description: "When it was saved." })
  @CreateDateColumn({ type: "timestamptz" })
  createdAt: Date;
}

import { Field, ID, Int, ObjectType } from "type-graphql";
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique, UpdateDateColumn } from "typeorm";
import { Product } from "../products";
import { User } from "../users";

/** One review per user and product; posting again updates it. */
@ObjectType({ description: "A buyer's rating and comment on a product; one per user and product." })
@Entity({ name: "reviews" })
@Unique("reviews_user_product_key", ["userId", "productId"])
@Index("reviews_product_created_idx", ["productId", "createdAt"])
export class Review {
  @Field(() => ID, { description: "Unique id." })
  @PrimaryGeneratedColumn("uuid")
  id: string;

  @Column({ type: "uuid" })
  userId: string;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "userId" })
  user?: User;

  @Column({ type: "uuid" })
  productId: string;

  @ManyToOne(() => Product, { onDelete: "CASCADE" })
  @JoinColumn({ name: "productId" })
  product?: Product;

  /** 1..5, also checked by the database. */
  @Field(() => Int, { description: "Stars, 1 to 5." })
  @Column({ type: "smallint" })
  rating: number;

  @Field(() => String, { description: "The reviewer's comment (1 to 1000 characters)." })
  @Column({ type: "varchar", length: 1000, default: "" })
  comment: string;

  /** The reviewer had bought the product when the review was written. */
  @Field(() => Boolean, { description: "True when the reviewer had ordered the product (in an order not rejected or cancelled)." })
  @Column({ type: "boolean", default: false })
  verifiedPurchase: boolean;

  @Field(() => Date, { description: "When the review was first posted." })
  @CreateDateColumn({ type: "timestamptz" })
  createdAt: Date;

  @Field(() => Date, { description: "When the review was last changed (posting again updates it)." })
  @UpdateDateColumn({ type: "timestamptz" })
  updatedAt: Date;
}

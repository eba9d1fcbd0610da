import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  Unique,
  UpdateDateColumn,
} from "typeorm";
import { Product } from "../products/entity";
import { User } from "../users/entity";

/** One review per user and product; posting again updates it. */
@Entity({ name: "reviews" })
@Unique("reviews_user_product_key", ["userId", "productId"])
@Index("reviews_product_created_idx", ["productId", "createdAt"])
export class Review {
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
  @Column({ type: "smallint" })
  rating: number;

  @Column({ type: "varchar", length: 1000, default: "" })
  comment: string;

  /** The reviewer had bought the product when the review was written. */
  @Column({ type: "boolean", default: false })
  verifiedPurchase: boolean;

  @CreateDateColumn({ type: "timestamptz" })
  createdAt: Date;

  @UpdateDateColumn({ type: "timestamptz" })
  updatedAt: Date;
}

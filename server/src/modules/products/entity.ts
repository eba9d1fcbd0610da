import {
  Column,
  CreateDateColumn,
  DeleteDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from "typeorm";
import { numericTransformer } from "../../shared/transformers";
import { User } from "../users/entity";

/**
 * A listed product. Deleting is a soft delete (deletedAt): the product leaves the catalog but
 * order lines keep pointing at it. The full-text column `search_vector` and the trigram index
 * live in the migration only; the service queries them with SQL.
 */
@Entity({ name: "products" })
@Index("products_seller_created_idx", ["sellerId", "createdAt"])
export class Product {
  @PrimaryGeneratedColumn("uuid")
  id: string;

  @Column({ type: "uuid", nullable: true })
  sellerId: string | null;

  @ManyToOne(() => User, { onDelete: "SET NULL", nullable: true })
  @JoinColumn({ name: "sellerId" })
  seller?: User | null;

  @Column({ type: "varchar", length: 120 })
  name: string;

  @Column({ type: "text" })
  description: string;

  @Index("products_category_idx")
  @Column({ type: "varchar", length: 30 })
  category: string;

  @Index("products_color_idx")
  @Column({ type: "varchar", length: 20 })
  color: string;

  @Index("products_price_idx")
  @Column({ type: "int" })
  pricePaisa: number;

  @Column({ type: "int", nullable: true })
  oldPricePaisa: number | null;

  @Column({ type: "varchar", length: 500 })
  image: string;

  @Column({ type: "numeric", precision: 3, scale: 2, default: 0, transformer: numericTransformer })
  ratingAverage: number;

  @Column({ type: "int", default: 0 })
  ratingCount: number;

  @Index("products_created_idx")
  @CreateDateColumn({ type: "timestamptz" })
  createdAt: Date;

  @UpdateDateColumn({ type: "timestamptz" })
  updatedAt: Date;

  @DeleteDateColumn({ type: "timestamptz" })
  deletedAt: Date | null;
}

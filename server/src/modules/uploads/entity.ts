import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from "typeorm";
import { User } from "../users";

/** An uploaded image, re-encoded to WebP and named by the hash of its content. */
@Entity({ name: "images" })
export class Image {
  @PrimaryGeneratedColumn("uuid")
  id: string;

  /** sha256 of the re-encoded bytes: the same picture uploaded twice is stored once. */
  @Column({ type: "varchar", length: 64, unique: true })
  hash: string;

  @Column({ type: "varchar", length: 200 })
  url: string;

  @Column({ type: "varchar", length: 200 })
  thumbnailUrl: string;

  @Column({ type: "int" })
  width: number;

  @Column({ type: "int" })
  height: number;

  @Column({ type: "int" })
  bytes: number;

  /** Perceptual hash (64 bits, DCT): close for resized, slightly cropped or re-encoded copies; null for uploads older than it. */
  @Column({ type: "bit", length: 64, nullable: true })
  photoHash: string | null;

  @Column({ type: "uuid", nullable: true })
  uploaderId: string | null;

  @ManyToOne(() => User, { onDelete: "SET NULL", nullable: true })
  @JoinColumn({ name: "uploaderId" })
  uploader?: User | null;

  @CreateDateColumn({ type: "timestamptz" })
  createdAt: Date;
}

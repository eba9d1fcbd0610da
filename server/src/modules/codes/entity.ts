import { Column, CreateDateColumn, Entity, PrimaryColumn } from "typeorm";

/** What a one-time code proves: a university e-mail, or the right to set a new password. */
export enum CodePurpose {
  VERIFY_STUDENT = "verify_student",
  RESET_PASSWORD = "reset_password",
}

/**
 * The one live code of a user for one purpose (a new one replaces it). Only an HMAC of the code is
 * kept; the row is deleted when the code is used, so a code works once.
 */
@Entity({ name: "one_time_codes" })
export class OneTimeCode {
  @PrimaryColumn({ type: "uuid" })
  userId: string;

  @PrimaryColumn({ type: "varchar", length: 20 })
  purpose: CodePurpose;

  /** Where the code was sent (the university e-mail being verified, or the account's e-mail). */
  @Column({ type: "varchar", length: 254 })
  email: string;

  @Column({ type: "varchar", length: 64 })
  codeHash: string;

  /** Codes tried so far (right or wrong). */
  @Column({ type: "int", default: 0 })
  attempts: number;

  @Column({ type: "timestamptz" })
  expiresAt: Date;

  @CreateDateColumn({ type: "timestamptz" })
  createdAt: Date;
}

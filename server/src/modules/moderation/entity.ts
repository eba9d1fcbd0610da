import { registerEnumType } from "type-graphql";
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from "typeorm";
import { REPORT_REASONS } from "@unibazaar/rules";

export enum ReportTargetKind {
  LISTING = "LISTING",
  USER = "USER",
}

export enum ReportStatus {
  OPEN = "OPEN",
  ACTIONED = "ACTIONED",
  DISMISSED = "DISMISSED",
}

export type ReportReason = (typeof REPORT_REASONS)[number]["value"];
export const ReportReason = Object.fromEntries(REPORT_REASONS.map((r) => [r.value, r.value])) as { [K in ReportReason]: K };

export enum ModerationActionKind {
  HIDE_LISTING = "HIDE_LISTING",
  UNHIDE_LISTING = "UNHIDE_LISTING",
  WARN_USER = "WARN_USER",
  SUSPEND_USER = "SUSPEND_USER",
  UNSUSPEND_USER = "UNSUSPEND_USER",
  DISMISS = "DISMISS",
}

/** Why an admin keeps a listing held for a copied photo hidden: chosen, or written (OTHER). */
export enum KeepHiddenReason {
  NOT_OWN_PHOTO = "NOT_OWN_PHOTO",
  SAME_ITEM = "SAME_ITEM",
  OTHER = "OTHER",
}

registerEnumType(KeepHiddenReason, {
  name: "KeepHiddenReason",
  description: "Why a listing held for a copied photo stays hidden; the seller is told it.",
  valuesConfig: {
    NOT_OWN_PHOTO: { description: "Its photo is another seller's listing photo." },
    SAME_ITEM: { description: "The same item is already listed by another seller." },
    OTHER: { description: "As the admin writes it (the note)." },
  },
});

registerEnumType(ReportTargetKind, {
  name: "ReportTargetKind",
  description: "What a report is about.",
  valuesConfig: { LISTING: { description: "A listed product." }, USER: { description: "An account." } },
});
registerEnumType(ReportStatus, {
  name: "ReportStatus",
  description: "Where a report stands.",
  valuesConfig: {
    OPEN: { description: "Waiting in the moderation queue." },
    ACTIONED: { description: "An admin acted on its target." },
    DISMISSED: { description: "An admin found nothing to act on." },
  },
});
registerEnumType(ReportReason, {
  name: "ReportReason",
  description: "Why something is reported (the labels are in @unibazaar/rules REPORT_REASONS).",
  valuesConfig: Object.fromEntries(REPORT_REASONS.map((r) => [r.value, { description: r.label }])),
});
registerEnumType(ModerationActionKind, {
  name: "ModerationActionKind",
  description: "What an admin did; each is written to the audit trail.",
  valuesConfig: {
    HIDE_LISTING: { description: "Hide a listing from every list, search and page (its seller and admins still see it)." },
    UNHIDE_LISTING: { description: "Show a hidden listing again." },
    WARN_USER: { description: "Warn a user (for a listing: its seller); the note is shown to them." },
    SUSPEND_USER: { description: "Suspend a user (for a listing: its seller): no sign-in, listings hidden. Never an admin." },
    UNSUSPEND_USER: { description: "Lift a suspension." },
    DISMISS: { description: "Close the open reports of a target without acting." },
  },
});

/** A signed-in user's report of a listing or a user; at most one OPEN per reporter and target. */
@Entity({ name: "reports" })
export class Report {
  @PrimaryGeneratedColumn("uuid")
  id: string;

  @Column({ type: "uuid" })
  reporterId: string;

  @Column({ type: "varchar", length: 20 })
  targetKind: ReportTargetKind;

  @Column({ type: "uuid" })
  targetId: string;

  @Column({ type: "varchar", length: 20 })
  reason: ReportReason;

  @Column({ type: "varchar", length: 500, nullable: true })
  details: string | null;

  @Column({ type: "varchar", length: 20, default: ReportStatus.OPEN })
  status: ReportStatus;

  @CreateDateColumn({ type: "timestamptz" })
  createdAt: Date;

  @Column({ type: "timestamptz", nullable: true })
  closedAt: Date | null;
}

/** The audit trail: one row per admin action, written in the action's transaction. */
@Entity({ name: "moderation_actions" })
export class ModerationAction {
  @PrimaryGeneratedColumn("uuid")
  id: string;

  @Column({ type: "uuid", nullable: true })
  adminId: string | null;

  @Column({ type: "varchar", length: 20 })
  action: ModerationActionKind;

  /** What the action changed: the listing, or the user (a listing's seller for user actions on a listing). */
  @Column({ type: "varchar", length: 20 })
  targetKind: ReportTargetKind;

  @Column({ type: "uuid" })
  targetId: string;

  /** The oldest open report the action closed, if any. */
  @Column({ type: "uuid", nullable: true })
  reportId: string | null;

  @Column({ type: "varchar", length: 500, nullable: true })
  note: string | null;

  @CreateDateColumn({ type: "timestamptz" })
  createdAt: Date;
}

import type { EntityManager } from "typeorm";
import { Report, ReportStatus } from "./entity";

/**
 * Closes an open moderation report as decided elsewhere (a contested no-show's report, once an admin
 * upholds or drops the contest), in the caller's transaction. A report already closed stays as it is.
 */
export async function closeReport(manager: EntityManager, reportId: string, upheld: boolean): Promise<void> {
  await manager.update(
    Report,
    { id: reportId, status: ReportStatus.OPEN },
    { status: upheld ? ReportStatus.ACTIONED : ReportStatus.DISMISSED, closedAt: new Date() },
  );
}

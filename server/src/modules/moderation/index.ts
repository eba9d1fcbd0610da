/**
 * The moderation module's public face: what other modules (and app/) may import. The rest of this
 * folder is its own business; eslint.config.mjs refuses imports past this file.
 */
export { Report, ReportStatus, ReportTargetKind, ModerationAction } from "./entity";
export { closeReport } from "./reports";
export { ModerationResolver } from "./resolver";
export { ModerationService } from "./service";
export { HeldListingsService } from "./held";

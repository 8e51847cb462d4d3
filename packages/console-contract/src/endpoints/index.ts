export * from './define.js';
export { pageKey } from './pageKey.js';
export * from './statistics.js';
export * from './preferences.js';
export * from './search.js';
export * from './meetings.js';
export * from './problems.js';
export * from './bots.js';
export * from './venn.js';
export * from './chats.js';
export * from './logistics.js';
export * from './sheetReports.js';
export * from './account.js';
export * from './insights.js';
export * from './hookGenerations.js';
export * from './intake.js';
export * from './admin.js';
export * from './reports.js';
export * from './config.js';
export * from './operations.js';
export * from './creativePreviews.js';
export * from './changeEmails.js';
export * from './auth.js';
export * from './resources.js';
export * from './apiKeys.js';

import type { AnyEndpoint } from './define.js';
import { adminEndpoints } from './admin.js';
import { accountEndpoints } from './account.js';
import { logisticsEndpoints } from './logistics.js';
import { vennEndpoints } from './venn.js';
import { botsEndpoints } from './bots.js';
import { meetingsEndpoints } from './meetings.js';
import { preferencesEndpoints } from './preferences.js';
import { problemsEndpoints } from './problems.js';
import { searchEndpoints } from './search.js';
import { statisticsEndpoints } from './statistics.js';
import { chatsEndpoints } from './chats.js';
import { sheetReportsEndpoints } from './sheetReports.js';
import { insightsEndpoints } from './insights.js';
import { hookGenerationsEndpoints } from './hookGenerations.js';
import { intakeEndpoints } from './intake.js';
import { reportsEndpoints } from './reports.js';
import { configEndpoints } from './config.js';
import { auditEndpoints, operationsEndpoints } from './operations.js';
import { creativePreviewsEndpoints } from './creativePreviews.js';
import { changeEmailsEndpoints } from './changeEmails.js';
import { authEndpoints } from './auth.js';
import { resourcesEndpoints, savedViewsEndpoints } from './resources.js';
import { apiKeysEndpoints } from './apiKeys.js';

/** Every declared endpoint: the server test checks each is served as declared. */
export function declaredEndpoints(): AnyEndpoint[] {
  return [
    statisticsEndpoints,
    preferencesEndpoints,
    searchEndpoints,
    meetingsEndpoints,
    problemsEndpoints,
    botsEndpoints,
    vennEndpoints,
    chatsEndpoints,
    logisticsEndpoints,
    sheetReportsEndpoints,
    accountEndpoints,
    insightsEndpoints,
    hookGenerationsEndpoints,
    intakeEndpoints,
    adminEndpoints,
    reportsEndpoints,
    configEndpoints,
    operationsEndpoints,
    auditEndpoints,
    creativePreviewsEndpoints,
    changeEmailsEndpoints,
    authEndpoints,
    resourcesEndpoints,
    savedViewsEndpoints,
    apiKeysEndpoints,
  ].flatMap((area): AnyEndpoint[] => Object.values(area));
}

// `CONSOLE_MESSAGES_EN` (every component's English set) and `consoleMessages`. The Indonesian sets are in
// messagesId.tsx, the English sets of the components whose defaults are Indonesian in messagesEn.tsx (both
// re-exported here): modules of their own, so an app that loads the Indonesian sets on demand keeps them off its
// English pages, and one that passes only the English overrides carries no other component's texts. Each set is
// typed against its component's messages interface, so a key added to a component without its translation fails
// typecheck. The spec's fixed strings (the DateRangePicker presets, "Sign Out") are the same in both languages.
// The defaults come from each component's messages module, not its index: importing the component would put its
// code (the Venn layout, the room schedule, the report table…) in every page's shared chunk (issue 33).
import { BULK_OUTCOMES_MESSAGES } from '../components/BulkOutcomes/messages.js';
import { CHART_MESSAGES } from '../components/Chart/messages.js';
import { COMMAND_PALETTE_MESSAGES } from '../components/CommandPalette/messages.js';
import { CREATIVE_PREVIEW_MESSAGES } from '../components/CreativePreview/messages.js';
import { DATA_TABLE_MESSAGES } from '../components/DataTable/model.js';
import { DATE_RANGE_PICKER_MESSAGES } from '../components/DateRangePicker/messages.js';
import { DELTA_CHIP_MESSAGES } from '../components/DeltaChip/messages.js';
import { FILTER_BAR_MESSAGES } from '../components/FilterBar/messages.js';
import { KPI_CARD_MESSAGES } from '../components/KpiCard/messages.js';
import { MARKDOWN_TEXT_MESSAGES } from '../components/MarkdownText/messages.js';
import { HOOK_PICKER_MESSAGES } from '../components/HookPicker/messages.js';
import { RECORD_HISTORY_MESSAGES } from '../components/RecordHistory/messages.js';
import { REPORT_TABLE_MESSAGES } from '../components/ReportTable/messages.js';
import { RESOURCE_FORM_MESSAGES } from '../components/ResourceForm/messages.js';
import { ROOM_SCHEDULE_MESSAGES } from '../components/RoomSchedule/messages.js';
import { SIDEBAR_MESSAGES } from '../components/Sidebar/messages.js';
import { FIELD_VALUE_WORDS } from '../resource.js';
import type { ConsoleLanguage, ConsoleMessageSets } from './types.js';
import { CONSOLE_MESSAGES_ID } from './messagesId.js';
import { CONSOLE_MESSAGES_EN_OVERRIDES } from './messagesEn.js';

export type { ConsoleLanguage, ConsoleMessageSets } from './types.js';
export * from './messagesEn.js';
export * from './messagesId.js';

/** English for every component: the defaults, with English for the components whose defaults are Indonesian. */
export const CONSOLE_MESSAGES_EN: ConsoleMessageSets = {
  ...CONSOLE_MESSAGES_EN_OVERRIDES,
  bulkOutcomes: BULK_OUTCOMES_MESSAGES,
  chart: CHART_MESSAGES,
  commandPalette: COMMAND_PALETTE_MESSAGES,
  creativePreview: CREATIVE_PREVIEW_MESSAGES,
  dataTable: DATA_TABLE_MESSAGES,
  dateRangePicker: DATE_RANGE_PICKER_MESSAGES,
  deltaChip: DELTA_CHIP_MESSAGES,
  filterBar: FILTER_BAR_MESSAGES,
  kpiCard: KPI_CARD_MESSAGES,
  markdownText: MARKDOWN_TEXT_MESSAGES,
  hookPicker: HOOK_PICKER_MESSAGES,
  recordHistory: RECORD_HISTORY_MESSAGES,
  reportTable: REPORT_TABLE_MESSAGES,
  resourceForm: RESOURCE_FORM_MESSAGES,
  roomSchedule: ROOM_SCHEDULE_MESSAGES,
  sidebar: SIDEBAR_MESSAGES,
  values: FIELD_VALUE_WORDS,
};

/** The message sets of a language, for `ConsoleMessagesProvider`. */
export function consoleMessages(language: ConsoleLanguage): ConsoleMessageSets {
  return language === 'id' ? CONSOLE_MESSAGES_ID : CONSOLE_MESSAGES_EN;
}

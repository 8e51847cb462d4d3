// The texts a story shows under the toolbar's Language setting, for plays: a play finds elements by role and by
// the messages in force (`messagesIn(context, 'dataTable').retry`), never by one language's literal text, so it
// passes whichever language the toolbar (or the storybook-alt test pass) chooses.
import { isValidElement, type ReactNode } from 'react';
import { BOARD_MESSAGES } from '../packages/console-ui/src/components/Board/messages.js';
import { BOT_LOGIN_MESSAGES } from '../packages/console-ui/src/components/BotLogin/messages.js';
import { BULK_OUTCOMES_MESSAGES } from '../packages/console-ui/src/components/BulkOutcomes/messages.js';
import { CHART_MESSAGES } from '../packages/console-ui/src/components/Chart/messages.js';
import { CHAT_THREAD_MESSAGES } from '../packages/console-ui/src/components/ChatThread/messages.js';
import { COMMAND_PALETTE_MESSAGES } from '../packages/console-ui/src/components/CommandPalette/messages.js';
import { CREATIVE_PREVIEW_MESSAGES } from '../packages/console-ui/src/components/CreativePreview/messages.js';
import { DATA_TABLE_MESSAGES } from '../packages/console-ui/src/components/DataTable/model.js';
import { DATE_RANGE_PICKER_MESSAGES } from '../packages/console-ui/src/components/DateRangePicker/messages.js';
import { DELTA_CHIP_MESSAGES } from '../packages/console-ui/src/components/DeltaChip/messages.js';
import { FILTER_BAR_MESSAGES } from '../packages/console-ui/src/components/FilterBar/messages.js';
import { HOOK_PICKER_MESSAGES } from '../packages/console-ui/src/components/HookPicker/messages.js';
import { KPI_CARD_MESSAGES } from '../packages/console-ui/src/components/KpiCard/messages.js';
import { LOGIN_FORM_MESSAGES } from '../packages/console-ui/src/components/LoginForm/messages.js';
import { MARKDOWN_TEXT_MESSAGES } from '../packages/console-ui/src/components/MarkdownText/messages.js';
import { RECORD_HISTORY_MESSAGES } from '../packages/console-ui/src/components/RecordHistory/messages.js';
import { REPORT_TABLE_MESSAGES } from '../packages/console-ui/src/components/ReportTable/messages.js';
import { RESOURCE_FORM_MESSAGES } from '../packages/console-ui/src/components/ResourceForm/messages.js';
import { ROOM_SCHEDULE_MESSAGES } from '../packages/console-ui/src/components/RoomSchedule/messages.js';
import { SIDEBAR_MESSAGES } from '../packages/console-ui/src/components/Sidebar/messages.js';
import { VENN_DIAGRAM_MESSAGES } from '../packages/console-ui/src/components/VennDiagram/messages.js';
import { consoleMessages, type ConsoleMessageSets } from '../packages/console-ui/src/i18n/index.js';
import { FIELD_VALUE_WORDS } from '../packages/console-ui/src/resource.js';

/** Each component's own defaults: what it shows under the toolbar's `default` language (no provider). */
const DEFAULTS: ConsoleMessageSets = {
  board: BOARD_MESSAGES,
  botLogin: BOT_LOGIN_MESSAGES,
  bulkOutcomes: BULK_OUTCOMES_MESSAGES,
  chart: CHART_MESSAGES,
  chatThread: CHAT_THREAD_MESSAGES,
  commandPalette: COMMAND_PALETTE_MESSAGES,
  creativePreview: CREATIVE_PREVIEW_MESSAGES,
  dataTable: DATA_TABLE_MESSAGES,
  dateRangePicker: DATE_RANGE_PICKER_MESSAGES,
  deltaChip: DELTA_CHIP_MESSAGES,
  filterBar: FILTER_BAR_MESSAGES,
  kpiCard: KPI_CARD_MESSAGES,
  loginForm: LOGIN_FORM_MESSAGES,
  markdownText: MARKDOWN_TEXT_MESSAGES,
  hookPicker: HOOK_PICKER_MESSAGES,
  recordHistory: RECORD_HISTORY_MESSAGES,
  reportTable: REPORT_TABLE_MESSAGES,
  resourceForm: RESOURCE_FORM_MESSAGES,
  roomSchedule: ROOM_SCHEDULE_MESSAGES,
  sidebar: SIDEBAR_MESSAGES,
  vennDiagram: VENN_DIAGRAM_MESSAGES,
  values: FIELD_VALUE_WORDS,
};

/** The part of a story's context these helpers read (a play's or a render's context both fit). */
export interface WithGlobals {
  globals: Record<string, unknown>;
}

/** The toolbar's language, when it chose one ('id' / 'en'); undefined for each component's defaults. */
export function languageIn({ globals }: WithGlobals): 'id' | 'en' | undefined {
  return globals.language === 'id' || globals.language === 'en' ? globals.language : undefined;
}

/**
 * A component's texts in force under the toolbar's language, as the preview's provider gives them: the
 * component's defaults, or the shipped set of the chosen language; `overrides` are the story's own `messages`.
 */
export function messagesIn<Key extends keyof ConsoleMessageSets>(
  context: WithGlobals,
  key: Key,
  overrides?: Partial<ConsoleMessageSets[Key]>,
): ConsoleMessageSets[Key] {
  const language = languageIn(context);
  const base = language ? consoleMessages(language)[key] : DEFAULTS[key];
  return { ...base, ...overrides };
}

/** One text per language, for a story's own strings (an error it passes in, a row action's label). */
export function inLanguage(context: WithGlobals, texts: { id: string; en: string }): string {
  return languageIn(context) === 'id' ? texts.id : texts.en;
}

/** The text a message that renders markup (`by(action, <b>actor</b>)`) shows, as `toHaveTextContent` reads it. */
export function textOf(node: ReactNode): string {
  if (node === null || node === undefined || typeof node === 'boolean') return '';
  if (typeof node === 'string' || typeof node === 'number' || typeof node === 'bigint') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (isValidElement<{ children?: ReactNode }>(node)) return textOf(node.props.children);
  return '';
}

// The console's message sets: what `ConsoleMessagesProvider` takes for every component, by language.
import type { BoardMessages } from '../components/Board/messages.js';
import type { BotLoginMessages } from '../components/BotLogin/messages.js';
import type { BulkOutcomesMessages } from '../components/BulkOutcomes/messages.js';
import type { ChartMessages } from '../components/Chart/messages.js';
import type { ChatThreadMessages } from '../components/ChatThread/messages.js';
import type { CommandPaletteMessages } from '../components/CommandPalette/messages.js';
import type { CreativePreviewMessages } from '../components/CreativePreview/messages.js';
import type { DataTableMessages } from '../components/DataTable/model.js';
import type { DateRangePickerMessages } from '../components/DateRangePicker/messages.js';
import type { DeltaChipMessages } from '../components/DeltaChip/messages.js';
import type { FilterBarMessages } from '../components/FilterBar/messages.js';
import type { KpiCardMessages } from '../components/KpiCard/messages.js';
import type { LoginFormMessages } from '../components/LoginForm/messages.js';
import type { MarkdownTextMessages } from '../components/MarkdownText/messages.js';
import type { HookPickerMessages } from '../components/HookPicker/messages.js';
import type { RecordHistoryMessages } from '../components/RecordHistory/messages.js';
import type { ReportTableMessages } from '../components/ReportTable/messages.js';
import type { ResourceFormMessages } from '../components/ResourceForm/messages.js';
import type { RoomScheduleMessages } from '../components/RoomSchedule/messages.js';
import type { SidebarMessages } from '../components/Sidebar/messages.js';
import type { VennDiagramMessages } from '../components/VennDiagram/messages.js';
import type { FieldValueWords } from '../resource.js';

/** The languages the console ships: Bahasa Indonesia and English. */
export type ConsoleLanguage = 'id' | 'en';

/** Every component's full message set, keyed by its provider key. */
export type ConsoleMessageSets = {
  board: BoardMessages;
  botLogin: BotLoginMessages;
  bulkOutcomes: BulkOutcomesMessages;
  chart: ChartMessages;
  chatThread: ChatThreadMessages;
  commandPalette: CommandPaletteMessages;
  creativePreview: CreativePreviewMessages;
  dataTable: DataTableMessages;
  dateRangePicker: DateRangePickerMessages;
  deltaChip: DeltaChipMessages;
  filterBar: FilterBarMessages;
  kpiCard: KpiCardMessages;
  loginForm: LoginFormMessages;
  markdownText: MarkdownTextMessages;
  hookPicker: HookPickerMessages;
  recordHistory: RecordHistoryMessages;
  reportTable: ReportTableMessages;
  resourceForm: ResourceFormMessages;
  roomSchedule: RoomScheduleMessages;
  sidebar: SidebarMessages;
  vennDiagram: VennDiagramMessages;
  /** The words inside formatted values (Yes / No, "Not set"), wherever a component shows one. */
  values: FieldValueWords;
};
